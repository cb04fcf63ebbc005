import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_PORT } from './ports';

/** One request of the page to the tus endpoint, as the page made it and as it ended. */
export type TusRequest = {
  method: string;
  url: string;
  /** Upload-Offset and Upload-Length sent (PATCH), null when absent. */
  offset: number | null;
  length: number | null;
  /** Body bytes handed to the network. */
  size: number;
  /** 0 when the request failed (offline, cut). */
  status: number;
  replyOffset: number | null;
  location: string | null;
};

const LOG_KEY = 'e2e-tus-log';

/**
 * Runs in every page of the context before its scripts: wraps XMLHttpRequest (tus-js-client's
 * transport) to write each tus request and its outcome to localStorage, so the log outlives
 * reloads and closed pages. Nothing is added to the API for it. A string, so that nothing the
 * TypeScript loader adds ends up in the page.
 */
export const LOG_TUS_REQUESTS = `(() => {
  const proto = XMLHttpRequest.prototype;
  const open = proto.open, send = proto.send, setHeader = proto.setRequestHeader;
  proto.open = function (method, url, ...rest) {
    this.__e2e = { method, url: new URL(String(url), location.href).href, headers: {} };
    return open.call(this, method, url, ...rest);
  };
  proto.setRequestHeader = function (name, value) {
    if (this.__e2e) this.__e2e.headers[name.toLowerCase()] = value;
    return setHeader.call(this, name, value);
  };
  proto.send = function (body) {
    const seen = this.__e2e;
    if (seen && seen.url.includes('/api/uploads/answers')) {
      const number = (value) => (value === undefined || value === null ? null : Number(value));
      const record = {
        method: seen.method,
        url: seen.url,
        offset: number(seen.headers['upload-offset']),
        length: number(seen.headers['upload-length']),
        size: body ? body.size ?? body.byteLength ?? body.length ?? 0 : 0,
        status: 0,
        replyOffset: null,
        location: null,
      };
      // Written at once and again when it ends: a page closed meanwhile ends no request, and
      // its last PATCH is then in the log as failed (status 0).
      const write = (index) => {
        const log = JSON.parse(localStorage.getItem('${LOG_KEY}') || '[]');
        if (index === undefined) log.push(record);
        else log[index] = record;
        localStorage.setItem('${LOG_KEY}', JSON.stringify(log));
        return log.length - 1;
      };
      const index = write();
      this.addEventListener('loadend', () => {
        record.status = this.status;
        record.replyOffset = number(this.getResponseHeader('Upload-Offset'));
        record.location = this.getResponseHeader('Location');
        write(index);
      });
    }
    return send.call(this, body);
  };
})();`;

export async function readTusLog(page: Page): Promise<TusRequest[]> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as TusRequest[],
    LOG_KEY,
  );
}

export type UploadSummary = {
  url: string;
  /** The length declared with the last bytes. */
  length: number;
  /** Body bytes of every PATCH, including those that failed. */
  wire: number;
  /** Body bytes of the PATCH requests that failed (lost on the way, sent again). */
  failedBytes: number;
  patches: number;
};

/**
 * Each finished upload of the log, checked: no PATCH starts below an offset the server had
 * already acknowledged (nothing that arrived is sent again), the acknowledged offsets grow to
 * the declared length, and the bytes sent beyond the length are at most those of requests
 * that failed on the way.
 */
export function summariseUploads(log: TusRequest[]): UploadSummary[] {
  const byUrl = new Map<string, TusRequest[]>();
  for (const request of log) {
    if (request.method === 'POST') continue;
    byUrl.set(request.url, [...(byUrl.get(request.url) ?? []), request]);
  }
  const summaries: UploadSummary[] = [];
  for (const [url, requests] of byUrl) {
    let acknowledged = 0;
    let length: number | null = null;
    let wire = 0;
    let failedBytes = 0;
    let patches = 0;
    for (const request of requests) {
      if (request.method === 'PATCH') {
        patches += 1;
        wire += request.size;
        expect(
          request.offset,
          `${url}: a PATCH from ${request.offset} after the server had ${acknowledged}`,
        ).toBeGreaterThanOrEqual(acknowledged);
        if (request.length !== null) length = request.length;
        if (request.status < 200 || request.status >= 300)
          failedBytes += request.size;
      }
      if (
        request.status >= 200 &&
        request.status < 300 &&
        request.replyOffset !== null
      )
        acknowledged = Math.max(acknowledged, request.replyOffset);
    }
    if (length === null) continue;
    expect(acknowledged, `${url}: acknowledged up to the length`).toBe(length);
    expect(wire - length, `${url}: bytes sent again`).toBeLessThanOrEqual(
      failedBytes,
    );
    summaries.push({ url, length, wire, failedBytes, patches });
  }
  return summaries;
}

/** The server's storage folder of this e2e run (see playwright.config.ts). */
const STORAGE = resolve(import.meta.dirname, `../.data/server-${E2E_PORT}`);

/** Sizes of the stored answer recordings (WebM originals) in the server's storage. */
export function storedRecordingSizes(): number[] {
  const sizes: number[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.webm')) sizes.push(statSync(path).size);
    }
  };
  walk(STORAGE);
  return sizes;
}
