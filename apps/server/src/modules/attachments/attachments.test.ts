import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { sniffDocumentType } from './document-type';

let t: TestApp;
let client: TestClient;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

/** A multipart body exactly as a browser's FormData sends it. */
async function form(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file)
    data.append(
      'attachment',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const request = new Request('http://local/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(2000, 0x41),
  Buffer.from('\n%%EOF\n'),
]);
const attachmentsFolder = (jobId: number) =>
  join(t.dataDir, 'files', 'jobs', String(jobId), 'attachments');

describe('job attachments', () => {
  it('uploads a document, lists it with a signed download link and deletes it', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const upload = await client.post(
      `/api/jobs/${job.id}/attachments`,
      undefined,
      await form({ job: String(job.id) }, { name: 'Job spec.pdf', bytes: pdf }),
    );
    expect(upload.statusCode).toBe(201);
    expect(upload.json()).toMatchObject({
      filename: 'Job spec.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
      status: 'uploaded',
    });

    const list = (await client.get(`/api/jobs/${job.id}/attachments`)).json();
    expect(list.count).toBe(1);
    const download = await t.app.inject({
      method: 'GET',
      url: list.results[0].url,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');

    expect(
      (
        await client.delete(
          `/api/jobs/${job.id}/attachments/${list.results[0].id}`,
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (await client.get(`/api/jobs/${job.id}/attachments`)).json().count,
    ).toBe(0);
    expect(readdirSync(attachmentsFolder(job.id))).toEqual([]);
    const verbs = await t.db
      .selectFrom('activities')
      .select('verb')
      .where('job_id', '=', job.id)
      .orderBy('id')
      .execute();
    expect(verbs.map((row) => row.verb)).toEqual([
      'attachment.added',
      'attachment.deleted',
    ]);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const big = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(10 * 1024 * 1024, 0x20),
    ]);
    const response = await client.post(
      `/api/jobs/${job.id}/attachments`,
      undefined,
      await form({ job: String(job.id) }, { name: 'big.pdf', bytes: big }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      'Attachments must be 10 MB or smaller.',
    );
    const rows = await t.db
      .selectFrom('attachments')
      .select('id')
      .where('job_id', '=', job.id)
      .execute();
    expect(rows).toHaveLength(0);
    const folder = attachmentsFolder(job.id);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);

    // Exactly 10 MB is allowed.
    const limit = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(10 * 1024 * 1024 - 9, 0x20),
    ]);
    const atLimit = await client.post(
      `/api/jobs/${job.id}/attachments`,
      undefined,
      await form({}, { name: 'limit.pdf', bytes: limit }),
    );
    expect(atLimit.statusCode).toBe(201);
  });

  it('judges the type by content, not by name, and needs a file', async () => {
    const job = await createJob(t.db, { company_id: companyId });
    const fake = await client.post(
      `/api/jobs/${job.id}/attachments`,
      undefined,
      await form(
        {},
        { name: 'cv.pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf') },
      ),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().fields.attachment).toBeDefined();
    const none = await client.post(
      `/api/jobs/${job.id}/attachments`,
      undefined,
      await form({ job: String(job.id) }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.attachment).toEqual(['Choose a file to attach.']);
    expect(
      (
        await t.db
          .selectFrom('attachments')
          .select('id')
          .where('job_id', '=', job.id)
          .execute()
      ).length,
    ).toBe(0);
  });

  it.each([
    [Buffer.from('%PDF-1.7 ...'), 'x.bin', 'application/pdf'],
    [
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]),
      'spec.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]), 'archive.zip', null],
    [
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]),
      'old.xls',
      'application/vnd.ms-excel',
    ],
    [Buffer.from('name,email\nA,a@b.c\n'), 'people.csv', 'text/csv'],
    [Buffer.from([0, 1, 2, 3]), 'notes.txt', null],
    [Buffer.from('Plain words'), 'notes.exe', null],
  ])('sniffs %#', (head, name, expected) => {
    expect(sniffDocumentType(head, name)).toBe(expected);
  });
});
