/**
 * The browser half of the capture bench (apps/server/scripts/bench/capture.ts calls it): in
 * Chromium with the fake camera fed from a Y4M file, an interviewee answers one question for
 * `seconds` over an emulated link (Chromium's own throttling, CDP
 * Network.emulateNetworkConditions), optionally with the connection cut at given moments,
 * stops, waits for the draft's 'Saved' (the take complete, decision 164) and submits; then the
 * same recording is PUT in one request to a signed local-storage URL over the same link, as
 * answers were sent before decision 135 (from the start again after a cut). Prints one JSON
 * report on stdout.
 *
 * The page reaches the server through a TCP relay here that can cut the connection: every
 * open connection is reset and new ones are refused for `cutMs`, as when a train enters a
 * tunnel (Chromium's emulated "offline" holds requests under way instead of failing them, and
 * tells the page it is offline, the easier case).
 *
 *   node --import tsx e2e/bench/capture-load.ts '{"base":…,"cookie":…,"y4m":…,"seconds":60,"runs":[…]}'
 */
import { createServer, connect, type Socket } from 'node:net';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  FAKE_MEDIA_ARGS,
  testBrowser,
} from '../support/browser';
import type {
  CaptureInput,
  CaptureLink,
  CaptureRunInput,
  CaptureRunReport,
} from './capture-types';

type LoggedRequest = {
  method: string;
  /** When the request was handed to the network, and when it ended. */
  sentAt: number;
  t: number;
  size: number;
  /** Body bytes handed to the network (upload progress), as far as they went. */
  sent: number;
  status: number;
  replyOffset: number | null;
  length: number | null;
};

const input = JSON.parse(process.argv[2] ?? '{}') as CaptureInput;

// The e2e suite's launch flags, the fake camera playing the Y4M file in a loop.
const FLAGS = [
  ...CHROMIUM_ARGS,
  ...FAKE_MEDIA_ARGS,
  `--use-file-for-fake-video-capture=${input.y4m}`,
];

/**
 * Runs in the page before its scripts: logs each tus request (time, body size, how much of it
 * went out, outcome); notes the press of Stop (with how far the upload had gone at that
 * instant) and of Submit, in the capture phase so before the page's own handlers; when the
 * draft under review first shows 'Saved' (its take complete on the server), and when the
 * complete call (Submit) answers 200. Keeps the last recording the page made a preview URL of
 * (the old path sends those same bytes). A string, so nothing the TypeScript loader adds ends
 * up in the page.
 */
const INSTRUMENT = `(() => {
  const bench = { log: [], inflight: new Set(), recording: null, stopAt: null,
    sentAtStop: 0, lastSliceAt: null, draftSavedAt: null, submitAt: null, completeAt: null };
  // Milliseconds since the epoch, to a fraction: the parts of Stop → Saved are a few ms each.
  const now = () => performance.timeOrigin + performance.now();
  window.__capture = bench;
  const sentNow = () => {
    const acknowledged = bench.log
      .filter((request) => request.status >= 200 && request.status < 300)
      .map((request) => request.replyOffset ?? 0);
    const onTheWay = [...bench.inflight]
      .filter((request) => request.method === 'PATCH')
      .map((request) => request.offset + request.sent);
    return Math.max(0, ...acknowledged, ...onTheWay);
  };
  // The recorder's last slice comes with its stop() after the encoder's flush.
  const stopRecorder = MediaRecorder.prototype.stop;
  MediaRecorder.prototype.stop = function () {
    this.addEventListener('dataavailable', () => { bench.lastSliceAt ??= now(); }, { once: true });
    return stopRecorder.call(this);
  };
  const press = (event) => {
    const label = event.target instanceof Element
      ? (event.target.closest('button')?.textContent ?? '').trim() : '';
    if (label === 'Stop recording' && bench.stopAt === null) {
      bench.stopAt = now();
      bench.sentAtStop = sentNow();
    }
    if (label.startsWith('Submit') && bench.submitAt === null) bench.submitAt = now();
  };
  document.addEventListener('pointerdown', press, true);
  document.addEventListener('click', press, true);
  const fetchOriginal = window.fetch;
  window.fetch = async function (resource, init) {
    const reply = await fetchOriginal.call(this, resource, init);
    const url = String(resource instanceof Request ? resource.url : resource);
    if (url.includes('/answer/complete') && reply.ok && bench.completeAt === null)
      bench.completeAt = now();
    return reply;
  };
  const proto = XMLHttpRequest.prototype;
  const open = proto.open, send = proto.send, setHeader = proto.setRequestHeader;
  proto.open = function (method, url, ...rest) {
    this.__bench = { method, url: String(url), headers: {} };
    return open.call(this, method, url, ...rest);
  };
  proto.setRequestHeader = function (name, value) {
    if (this.__bench) this.__bench.headers[name.toLowerCase()] = value;
    return setHeader.call(this, name, value);
  };
  proto.send = function (body) {
    const seen = this.__bench;
    if (seen && seen.url.includes('/api/uploads/answers')) {
      const size = body ? body.size ?? body.byteLength ?? 0 : 0;
      const record = { method: seen.method, sentAt: now(), t: 0, size, sent: 0, status: 0, replyOffset: null,
        offset: Number(seen.headers['upload-offset'] ?? 0),
        length: seen.headers['upload-length'] ? Number(seen.headers['upload-length']) : null };
      this.upload.addEventListener('progress', (event) => { record.sent = event.loaded; });
      bench.inflight.add(record);
      this.addEventListener('loadend', () => {
        bench.inflight.delete(record);
        record.t = now();
        record.status = this.status;
        if (this.status >= 200 && this.status < 300) record.sent = size;
        const offset = this.getResponseHeader('Upload-Offset');
        record.replyOffset = offset === null ? null : Number(offset);
        bench.log.push(record);
      });
    }
    return send.call(this, body);
  };
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = function (object) {
    if (object instanceof Blob && object.type.startsWith('video/')) bench.recording = object;
    return createObjectURL.call(URL, object);
  };
  new MutationObserver(() => {
    if (bench.stopAt !== null && bench.draftSavedAt === null &&
        document.querySelector('[data-testid="take-status"] [data-state="saved"]'))
      bench.draftSavedAt = now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
})();`;

type Capture = {
  log: LoggedRequest[];
  recording: Blob | null;
  stopAt: number | null;
  sentAtStop: number;
  lastSliceAt: number | null;
  draftSavedAt: number | null;
  submitAt: number | null;
  completeAt: number | null;
};

/** Waits for one of the page's moments (ms since the epoch) to be noted. */
function momentOf(
  page: Page,
  name: 'draftSavedAt' | 'completeAt',
): Promise<number> {
  return page
    .waitForFunction(
      (key) => (window as unknown as { __capture: Capture }).__capture[key],
      name,
      { timeout: 600_000, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP relay to the server whose connections can be cut (see the header). */
async function cuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  let refusingUntil = 0;
  const server = createServer((client) => {
    if (Date.now() < refusingUntil) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    cut(ms: number) {
      refusingUntil = Date.now() + ms;
      for (const socket of sockets) {
        if (socket.readyState === 'open') socket.resetAndDestroy();
        else socket.destroy();
      }
      sockets.clear();
    },
    isCut: () => Date.now() < refusingUntil,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
type Relay = Awaited<ReturnType<typeof cuttableRelay>>;

async function setLink(devtools: CDPSession, link: CaptureLink) {
  const bytesPerSecond = link.bitsPerSecond / 8;
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/** Cuts the connection for `cutMs` at each of `moments` (ms from now). */
function scheduleCuts(relay: Relay, moments: number[]) {
  return Promise.all(
    moments.map(async (moment) => {
      await wait(moment);
      relay.cut(input.cutMs);
      await wait(input.cutMs);
    }),
  );
}

/** The reviewer's view: when the answer first has a playable URL, and when it is ready. */
async function watchReviewer(run: CaptureRunInput, completeAt: number) {
  let playableAt: number | null = null;
  let readyAt: number | null = null;
  // A transcode on a busy machine may take minutes: the bench waits up to ten.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline && readyAt === null) {
    const reply = await fetch(
      `${input.base}/api/jobs/${run.jobId}/answers?application=${run.applicationId}`,
      { headers: { cookie: input.cookie } },
    );
    const { results } = (await reply.json()) as {
      results: { status: string; video: { url: string } | null }[];
    };
    const answer = results[0];
    if (playableAt === null && answer?.video?.url) {
      const video = await fetch(new URL(answer.video.url, input.base), {
        headers: { cookie: input.cookie, range: 'bytes=0-1023' },
      });
      if (video.ok) playableAt = Date.now();
      await video.body?.cancel();
    }
    if (answer?.status === 'ready') readyAt = Date.now();
    else await wait(200);
  }
  return {
    completeToPlayableMs: playableAt === null ? null : playableAt - completeAt,
    completeToReadyMs: readyAt === null ? null : readyAt - completeAt,
  };
}

/** The old path: the whole recording in one PUT, from zero again after a cut. */
async function singlePut(
  page: Page,
  relay: Relay,
  run: CaptureRunInput,
  bytes: number,
) {
  const expectedMs = (bytes * 8 * 1000) / run.link.bitsPerSecond;
  const begin = Date.now();
  const cuts = scheduleCuts(
    relay,
    run.oldCuts.map((fraction) => fraction * expectedMs),
  );
  let wire = 0;
  let attempts = 0;
  for (;;) {
    const target = run.puts[attempts];
    if (!target)
      throw new Error(`${run.name}: no signed URL left for the old path`);
    attempts += 1;
    const result = await page.evaluate(async (put) => {
      const blob = (window as unknown as { __capture: Capture }).__capture
        .recording;
      return new Promise<{ status: number; sent: number }>((resolve) => {
        const request = new XMLHttpRequest();
        let sent = 0;
        request.open('PUT', put.url);
        for (const [name, value] of Object.entries(put.headers))
          request.setRequestHeader(name, value);
        request.upload.onprogress = (event) => (sent = event.loaded);
        request.onloadend = () =>
          resolve({
            status: request.status,
            sent:
              request.status >= 200 && request.status < 300
                ? (blob?.size ?? 0)
                : sent,
          });
        request.send(blob);
      });
    }, target);
    wire += result.sent;
    if (result.status >= 200 && result.status < 300) break;
    if (result.status !== 0)
      throw new Error(`${run.name}: the PUT answered ${result.status}`);
    // The old client waited for the connection, then sent the whole file again.
    await page.waitForFunction(() => navigator.onLine, null, {
      timeout: 60_000,
    });
    await wait(input.cutMs);
  }
  const stopToStoredMs = Date.now() - begin;
  await cuts;
  return { stopToStoredMs, wireBytes: wire, attempts };
}

async function answerOnce(run: CaptureRunInput): Promise<CaptureRunReport> {
  const relay = await cuttableRelay(new URL(input.base));
  const browser = await chromium.launch({
    executablePath: testBrowser().executablePath,
    ...(testBrowser().env ? { env: testBrowser().env } : {}),
    args: FLAGS,
  });
  try {
    const context = await browser.newContext({
      permissions: ['camera', 'microphone'],
      viewport: { width: 1440, height: 900 },
      locale: 'en-GB',
    });
    await context.addInitScript({ content: INSTRUMENT });
    const page = await context.newPage();
    await page.goto(`${relay.base}/i/${run.shortcode}`);
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await page.getByText('Your camera is working.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Skip practice' }).click();
    await page.getByTestId('question-text').waitFor();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await setLink(devtools, run.link);

    await page.getByRole('button', { name: 'Start recording now' }).click();
    const cuts = scheduleCuts(
      relay,
      run.cuts.map((second) => second * 1000),
    );
    await wait(input.seconds * 1000);
    await cuts;
    // The page notes the press and how far the upload had gone at that instant (INSTRUMENT).
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const draftSavedAt = await momentOf(page, 'draftSavedAt');
    await page.getByRole('button', { name: 'Submit my last answer' }).click();
    const completeAt = await momentOf(page, 'completeAt');
    const { stopAt, sentAtStop, lastSliceAt, submitAt } = await page.evaluate(
      () => {
        const bench = (window as unknown as { __capture: Capture }).__capture;
        return {
          stopAt: bench.stopAt ?? 0,
          sentAtStop: bench.sentAtStop,
          lastSliceAt: bench.lastSliceAt ?? bench.stopAt ?? 0,
          submitAt: bench.submitAt ?? 0,
        };
      },
    );
    const reviewer = watchReviewer(run, completeAt);
    const log = await page.evaluate(
      () => (window as unknown as { __capture: Capture }).__capture.log,
    );
    const last = log.findLast((request) => request.length !== null);
    const recordingBytes = last?.length ?? 0;
    const wireBytes = log.reduce((sum, request) => sum + request.sent, 0);
    const played = await reviewer;
    const old = await singlePut(page, relay, run, recordingBytes);
    await context.close();
    return {
      name: run.name,
      link: run.link,
      cuts: run.cuts.length,
      recordingBytes,
      sentAtStopBytes: sentAtStop,
      stopToSavedMs: draftSavedAt - stopAt,
      unsentAtStopIdealMs:
        ((recordingBytes - sentAtStop) * 8 * 1000) / run.link.bitsPerSecond,
      submitToCompleteMs: completeAt - submitAt,
      stopParts: {
        recorder: lastSliceAt - stopAt,
        page: (last?.sentAt ?? lastSliceAt) - lastSliceAt,
        request: last ? last.t - last.sentAt : 0,
        reply: draftSavedAt - (last?.t ?? draftSavedAt),
      },
      wireBytes,
      requests: log.length,
      ...played,
      old,
    };
  } finally {
    await browser.close();
    await relay.close();
  }
}

const reports: CaptureRunReport[] = [];
for (const run of input.runs) reports.push(await answerOnce(run));
process.stdout.write(JSON.stringify(reports));
