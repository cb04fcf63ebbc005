import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/platform/auth/session';
import { createSession } from '../../src/platform/auth/session.repository';
import { createCompany, createJob, createUser } from '../factories';
import { multipartBody } from '../multipart';
import { createTestApp, type TestApp } from '../test-app';
import { writeXlsx } from '../xlsx-writer';

const CHUNK = Buffer.alloc(64 * 1024, 7);
const TWO_GB = 2 * 1024 ** 3;

let t: TestApp;
let port: number;
let cookie: string;
let jobId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  const company = await createCompany(t.db);
  const user = await createUser(t.db, { companies: [company.id] });
  jobId = (await createJob(t.db, { company_id: company.id })).id;
  const token = randomBytes(32).toString('base64url');
  await createSession(t.db, {
    id: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  cookie = `${SESSION_COOKIE}=${token}; csrftoken=files-test`;
});
afterAll(async () => {
  // The refused uploads' sockets may still be open on the client side.
  t?.app.server.closeAllConnections();
  await t?.close();
});

/**
 * Streams up to 2 GB (chunked, no length) to the real listening server and stops as soon as
 * the server answers: how many bytes went out before the refusal, and the status.
 */
function streamUntilRefused(
  path: string,
  headers: Record<string, string>,
  prefix = Buffer.alloc(0),
): Promise<{ status: number; sent: number; body: string }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: headers.method ?? 'PUT',
        headers,
      },
      (response) => {
        answered = true;
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, sent, body });
        });
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < TWO_GB) {
        const chunk = sent === 0 && prefix.length ? prefix : CHUNK;
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe('size limits are enforced while streaming', () => {
  test('a 2 GB signed upload is cut off at its limit, memory stays flat, nothing is stored', async () => {
    const key = 'tests/security/huge.webm';
    const upload = await t.ctx.storage.uploadUrl(key, {
      contentType: 'video/webm',
      maxBytes: 1024 * 1024,
    });
    const before = process.memoryUsage().rss;
    const result = await streamUntilRefused(upload.url, {
      ...upload.headers,
      'transfer-encoding': 'chunked',
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).message).toBeTruthy();
    // The refusal came long before 2 GB (socket buffers allow a few megabytes in flight).
    expect(result.sent).toBeLessThan(64 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(await t.ctx.storage.size(key)).toBeNull();
  });

  test('a declared length over the limit is refused before any byte is read', async () => {
    const key = 'tests/security/declared.webm';
    const upload = await t.ctx.storage.uploadUrl(key, {
      contentType: 'video/webm',
      maxBytes: 1024,
    });
    const result = await streamUntilRefused(upload.url, {
      ...upload.headers,
      'content-length': String(TWO_GB),
    });
    expect(result.status).toBe(413);
    expect(result.sent).toBeLessThan(64 * 1024 * 1024);
  });

  test('a 2 GB attachment form is cut off at the 10 MB limit', async () => {
    const form = multipartBody({}, {});
    const boundary =
      /boundary=(.*)$/.exec(form.headers['content-type'])?.[1] ?? '';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const result = await streamUntilRefused(
      `/api/jobs/${jobId}/attachments`,
      {
        method: 'POST',
        cookie,
        'x-csrftoken': 'files-test',
        'content-type': form.headers['content-type'],
        'transfer-encoding': 'chunked',
      },
      head,
    );
    expect(result.status).toBe(413);
    expect(result.sent).toBeLessThan(128 * 1024 * 1024);
    expect(await t.db.selectFrom('attachments').select('id').execute()).toEqual(
      [],
    );
  });
});

/** A deflated zip; with `claimedSize`, its headers claim at most that many bytes unpacked. */
function deflatedZip(
  entries: { name: string; data: Buffer }[],
  claimedSize = Number.POSITIVE_INFINITY,
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = deflateRawSync(entry.data, { level: 9 });
    const fileName = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(Math.min(claimedSize, entry.data.length), 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(Math.min(claimedSize, entry.data.length), 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a real one-sheet workbook, with the sheet replaced by `sheet`. */
function workbookEntries(sheet: Buffer): { name: string; data: Buffer }[] {
  const zip = writeXlsx([['x']]);
  const entries: { name: string; data: Buffer }[] = [];
  // writeXlsx stores its entries uncompressed: walk the local headers.
  let offset = 0;
  while (zip.readUInt32LE(offset) === 0x04034b50) {
    const size = zip.readUInt32LE(offset + 18);
    const nameLength = zip.readUInt16LE(offset + 26);
    const name = zip.subarray(offset + 30, offset + 30 + nameLength).toString();
    const data = zip.subarray(
      offset + 30 + nameLength,
      offset + 30 + nameLength + size,
    );
    entries.push({
      name,
      data: name === 'xl/worksheets/sheet1.xml' ? sheet : data,
    });
    offset += 30 + nameLength + size;
  }
  return entries;
}

describe('import bombs', () => {
  test('a spreadsheet that lies about its unpacked size is refused quickly', async () => {
    // 200 MB of rows that deflate to well under the 2 MB upload limit.
    const row = '<row><c t="inlineStr"><is><t>a</t></is></c></row>';
    const sheet = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        `<sheetData>${row.repeat(Math.floor((200 * 1024 * 1024) / row.length))}</sheetData></worksheet>`,
    );
    const bomb = deflatedZip(workbookEntries(sheet), 1000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const client = t.client();
    client.setCookie(SESSION_COOKIE, cookie.split(';')[0]?.split('=')[1] ?? '');
    const form = multipartBody(
      {},
      {
        csv: {
          filename: 'list.xlsx',
          type: 'application/octet-stream',
          data: bomb,
        },
      },
    );
    const started = Date.now();
    const before = process.memoryUsage().rss;
    const response = await client.post('/csv', form.body, {
      headers: form.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(10_000);
    console.log(
      Date.now() - started,
      (process.memoryUsage().rss - before) / 1e6,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  test('the same zip writer with honest sizes gives a workbook that parses', async () => {
    // The control for the test above: the refusal is for the lie, not for a broken file.
    const sheet = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Ada</t></is></c></row></sheetData></worksheet>',
    );
    const client = t.client();
    client.setCookie(SESSION_COOKIE, cookie.split(';')[0]?.split('=')[1] ?? '');
    const form = multipartBody(
      {},
      {
        csv: {
          filename: 'list.xlsx',
          type: 'application/octet-stream',
          data: deflatedZip(workbookEntries(sheet)),
        },
      },
    );
    const response = await client.post('/csv', form.body, {
      headers: form.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toEqual([['Ada']]);
  });
});
