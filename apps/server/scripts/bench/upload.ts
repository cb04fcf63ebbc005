/**
 * `npm run bench -- --only upload`: a large interview answer through the real interviewee
 * upload (POST …/answer for the take, then its tus upload: the creation with the length known
 * and one streamed PATCH to the local storage driver; decision 135),
 * next to a plain copy of the same file on the same disk, and the server process's memory
 * during the upload (VmRSS sampled from /proc, VmHWM reset before each upload).
 *
 * Each upload meets a settled server, as an interviewee's upload meets one that has been
 * running: the start (migrations, compiling every module) grows V8's young generation to its
 * largest (32 MB), and V8 gives it back only when its memory reducer runs, about 16 s after the
 * last full collection of a process gone quiet. The first upload to a server started 3 s
 * earlier met it at 130 MB instead of 95 (docs/decisions/103-created-by-me-and-search-plans.md).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { newShortcode, newToken } from '../../src/platform/ids';
import {
  createScratchDatabase,
  machineLine,
  median,
  readMemory,
  resetPeakMemory,
  sampleMemory,
  seedCompany,
  startServerProcess,
} from './scratch-server';

const MiB = 2 ** 20;
export const RSS_TARGET_MB = 150;
/** Longer than V8's memory reducer takes to shrink a quiet process's heap (16 s measured). */
const SETTLE_MS = 20_000;

/** A file of `bytes` made of one random MiB repeated, written as a stream (never all in memory). */
async function writeSourceFile(path: string, bytes: number): Promise<void> {
  const block = randomBytes(MiB);
  let left = bytes;
  await pipeline(async function* () {
    while (left > 0) {
      const size = Math.min(left, MiB);
      left -= size;
      yield size === MiB ? block : block.subarray(0, size);
    }
  }, createWriteStream(path));
}

const TUS = { 'Tus-Resumable': '1.0.0' };

/** Creates the take's tus upload with its length known (one upload per take). */
async function createUpload(
  base: string,
  started: { take: string; upload: { endpoint: string } },
  size: number,
): Promise<string> {
  const created = await fetch(base + started.upload.endpoint, {
    method: 'POST',
    headers: {
      ...TUS,
      'Upload-Length': String(size),
      'Upload-Metadata': `take ${Buffer.from(started.take).toString('base64')}`,
    },
  });
  if (created.status !== 201)
    throw new Error(
      `The tus creation answered ${created.status}: ${await created.text()}`,
    );
  return `${base}${started.upload.endpoint}/${started.take}`;
}

/** PATCHes the whole file to the upload as a stream; resolves with the status and reply body. */
function patchFile(
  url: string,
  path: string,
  size: number,
): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const outgoing = request(
      url,
      {
        method: 'PATCH',
        headers: {
          ...TUS,
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Offset': '0',
          'Content-Length': String(size),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, body }),
        );
      },
    );
    outgoing.on('error', fail);
    createReadStream(path).on('error', fail).pipe(outgoing);
  });
}

type UploadRun = {
  uploadMs: number;
  copyFileMs: number;
  streamCopyMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  hwmMb: number;
  hwmReset: boolean;
};

export async function benchUpload(options: {
  sizeMb: number;
  runs: number;
}): Promise<void> {
  const bytes = options.sizeMb * MiB;
  const database = await createScratchDatabase('upload');
  const work = join('/tmp', `candor-bench-upload-src-${newShortcode(6)}`);
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const { jobId, questionId } = await seedCompany(database.db);
    // One interviewee per run, invited and consenting, so each run is a first take.
    const applications = await database.db
      .insertInto('applications')
      .values(
        Array.from({ length: options.runs }, (_, index) => ({
          job_id: jobId,
          first_name: 'Upload',
          last_name: `Run${index + 1}`,
          email: `upload${index + 1}@bench.test`,
          token: newToken(),
          shortcode: newShortcode(),
          invited_at: new Date(),
          deadline: new Date(Date.now() + 7 * 86_400_000),
          consented_at: new Date(),
        })),
      )
      .returning('token')
      .execute();
    server = await startServerProcess({
      databaseUrl: database.url,
      part: 'upload',
      // No worker: the transcode of the (random) upload is not what is measured.
      env: {
        ANSWER_UPLOAD_MAX_MB: String(Math.max(500, options.sizeMb)),
        // A take's bound is bytes per second × (time limit + 30 s): let this one be large.
        ANSWER_BYTES_PER_SECOND: '100000000',
      },
    });
    await mkdir(work, { recursive: true });
    const source = join(work, 'answer.webm');
    const generated = performance.now();
    await writeSourceFile(source, bytes);
    console.log(
      `\n### Upload of a ${options.sizeMb} MB answer (${options.runs} runs)\n\n` +
        `Machine: ${machineLine()}. Source file written in ${((performance.now() - generated) / 1000).toFixed(1)} s. ` +
        `Server idle: ${readMemory(server.pid).rssMb.toFixed(0)} MB RSS just after its start; ` +
        `each upload waits ${SETTLE_MS / 1000} s for it to settle.\n`,
    );

    const results: UploadRun[] = [];
    for (const [index, application] of applications.entries()) {
      const target = join(work, 'copy.webm');
      let begin = performance.now();
      await copyFile(source, target);
      const copyFileMs = performance.now() - begin;
      await rm(target);
      begin = performance.now();
      await pipeline(createReadStream(source), createWriteStream(target));
      const streamCopyMs = performance.now() - begin;
      await rm(target);

      const start = await fetch(
        `${server.base}/api/interviewee/${application.token}/questions/${questionId}/answer`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content_type: 'video/webm', size: bytes }),
        },
      );
      if (start.status !== 200)
        throw new Error(
          `Starting the upload answered ${start.status}: ${await start.text()}`,
        );
      const started = (await start.json()) as {
        answer: number;
        take: string;
        upload: { endpoint: string };
      };
      const uploadUrl = await createUpload(server.base, started, bytes);
      await delay(SETTLE_MS);
      const rssBeforeMb = readMemory(server.pid).rssMb;
      const hwmReset = resetPeakMemory(server.pid);
      const sampler = sampleMemory(server.pid, 20);
      begin = performance.now();
      const patched = await patchFile(uploadUrl, source, bytes);
      const uploadMs = performance.now() - begin;
      const rssPeakMb = sampler.stop();
      const { hwmMb } = readMemory(server.pid);
      if (patched.status !== 204)
        throw new Error(
          `The upload answered ${patched.status}: ${patched.body}`,
        );
      // The take's upload is the answer's original, under its storage key.
      const { original_key: key } = await database.db
        .selectFrom('answers')
        .select('original_key')
        .where('id', '=', started.answer)
        .executeTakeFirstOrThrow();
      if (!key) throw new Error('The answer has no original.');
      const storedPath = join(server.dataDir, 'files', key);
      if ((await stat(storedPath)).size !== bytes)
        throw new Error(`The stored file is not ${bytes} bytes.`);
      await rm(storedPath);
      results.push({
        uploadMs,
        copyFileMs,
        streamCopyMs,
        rssBeforeMb,
        rssPeakMb,
        hwmMb,
        hwmReset,
      });
      console.log(
        `run ${index + 1}: upload ${(uploadMs / 1000).toFixed(2)} s, copyFile ${(copyFileMs / 1000).toFixed(2)} s, ` +
          `stream copy ${(streamCopyMs / 1000).toFixed(2)} s, RSS ${rssBeforeMb.toFixed(0)} → peak ${rssPeakMb.toFixed(0)} MB (VmHWM ${hwmMb.toFixed(0)} MB${hwmReset ? '' : ', not reset'})`,
      );
    }
    printUploadTable(options.sizeMb, results);
  } finally {
    await server?.stop();
    await rm(work, { recursive: true, force: true });
    await database.drop();
  }
}

function printUploadTable(sizeMb: number, runs: UploadRun[]): void {
  const rate = (msValue: number) => (sizeMb / (msValue / 1000)).toFixed(0);
  const upload = median(runs.map((run) => run.uploadMs));
  const copy = median(runs.map((run) => run.copyFileMs));
  const stream = median(runs.map((run) => run.streamCopyMs));
  const peak = Math.max(
    ...runs.map((run) => Math.max(run.rssPeakMb, run.hwmMb)),
  );
  console.log(
    '\n| what (median) | time s | MB/s | upload / this |\n| --- | --- | --- | --- |',
  );
  console.log(
    `| answer upload (tus PATCH, local storage) | ${(upload / 1000).toFixed(2)} | ${rate(upload)} | 1.00 |`,
  );
  console.log(
    `| fs.copyFile, same disk | ${(copy / 1000).toFixed(2)} | ${rate(copy)} | ${(upload / copy).toFixed(2)} |`,
  );
  console.log(
    `| stream copy in Node (read → write stream) | ${(stream / 1000).toFixed(2)} | ${rate(stream)} | ${(upload / stream).toFixed(2)} |`,
  );
  console.log(
    `\nServer peak memory during the uploads: ${peak.toFixed(0)} MB RSS ` +
      `(target < ${RSS_TARGET_MB} MB: ${peak < RSS_TARGET_MB ? 'yes' : 'NO'}); ` +
      `before each upload ${median(runs.map((run) => run.rssBeforeMb)).toFixed(0)} MB.`,
  );
}
