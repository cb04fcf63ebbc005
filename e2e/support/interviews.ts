import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { csrfHeaders } from './auth';
import { clientAddress } from './company';
import type { ListedApplicant } from './demo-data';
import { waitForMail } from './mail';
import { FFMPEG } from './media-tools';

export const ONE_QUESTION =
  'Tell us about a time you calmed an upset customer.';

/** A question's text, or its text, its competency and the one it is reviewed on (a STAR matrix's). */
export type InterviewQuestion =
  string | { text: string; competency: number; review_competency: number };

/**
 * An interview of the signed-in user's company with these questions (no thinking time, 30 s
 * each), in English unless another language is asked for, published unless a draft is, rated
 * per question unless another rating style is asked for.
 */
export async function createInterview(
  page: Page,
  title: string,
  questions: readonly InterviewQuestion[] = [ONE_QUESTION],
  options: {
    publish?: boolean;
    language?: 'en-gb' | 'fr-fr';
    ratingStyle?: number;
  } = {},
) {
  const headers = await csrfHeaders(page);
  const user = await (await page.request.get('/api/user')).json();
  const created = await page.request.post('/api/jobs', {
    headers,
    data: {
      title,
      description: 'A short video interview for our support team.',
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      company: user.current_company.shortname,
      language: options.language ?? 'en-gb',
      ...(options.ratingStyle === undefined
        ? {}
        : { rating_style: options.ratingStyle }),
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const job = await created.json();
  for (const question of questions) {
    const asked = typeof question === 'string' ? { text: question } : question;
    const reply = await page.request.post(`/api/jobs/${job.id}/questions`, {
      headers,
      data: { ...asked, thinking_time: 0, time_limit: 30 },
    });
    expect(reply.status(), await reply.text()).toBeLessThan(300);
  }
  if (options.publish ?? true) {
    const published = await page.request.post(`/api/jobs/${job.id}/publish`, {
      headers,
    });
    expect(published.status(), await published.text()).toBeLessThan(300);
  }
  return { id: job.id as number, shortcode: job.shortcode as string };
}

type Person = { first_name: string; last_name: string; email: string };

/** Applies through the public link and returns the e-mailed personal link's path (/i/…). */
export async function personalLink(
  request: APIRequestContext,
  shortcode: string,
  person: Person,
) {
  const applied = await request.post(`/api/public/jobs/${shortcode}/apply`, {
    data: { ...person, consent: true },
    // Every spec's candidates apply from loopback: one address would meet the limit of ten a
    // minute when several specs run at once.
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  expect(applied.status(), await applied.text()).toBeLessThan(300);
  const mail = await waitForMail((message) =>
    message.to.includes(person.email),
  );
  const link = /\/i\/\w+/.exec(mail.text)?.[0];
  expect(link, 'the e-mail carries the interview link').toBeTruthy();
  return link ?? '';
}

/** A Motion JPEG take of ffmpeg's test pattern: quick to make, as heavy as its size asks. */
export function makeTake(options: {
  size: string;
  rate: number;
  seconds: number;
}): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'candor-e2e-take-'));
  try {
    const file = join(folder, 'take.mov');
    execFileSync(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${options.size}:rate=${options.rate}`,
      '-t',
      String(options.seconds),
      '-c:v',
      'mjpeg',
      '-q:v',
      '12',
      file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The interviewee applies through the public link, opens the e-mailed interview link and sends
 * `take` as the answer to each question, as the recorder does: they have responded. Returns
 * their personal link (/i/…) and the interview's API path.
 */
export async function applyAndAnswer(
  request: APIRequestContext,
  shortcode: string,
  person: Person,
  take: Buffer,
): Promise<{ link: string; interviewPath: string }> {
  const link = await personalLink(request, shortcode, person);
  const interviewPath = await (
    await request.get(link, { headers: { accept: 'text/plain' } })
  ).text();
  const interview = await (await request.get(interviewPath)).json();
  for (const questionId of interview.question_ids as number[]) {
    const started = await request.post(
      `${interviewPath}/questions/${questionId}/answer`,
      { data: { content_type: 'video/quicktime', size: 0 } },
    );
    expect(started.status(), await started.text()).toBe(200);
    await sendTake(request, await started.json(), take);
    const completed = await request.post(
      `${interviewPath}/questions/${questionId}/answer/complete`,
    );
    expect(completed.status(), await completed.text()).toBe(200);
  }
  return { link, interviewPath };
}

/**
 * An interviewee of the signed-in user's interview `job` who answered every question (see
 * applyAndAnswer), once each answer's video is processed and can be played.
 */
export async function answeredApplicant(
  page: Page,
  job: { id: number; shortcode: string },
  person: Person,
): Promise<ListedApplicant> {
  await applyAndAnswer(
    page.request,
    job.shortcode,
    person,
    makeTake({ size: '320x240', rate: 10, seconds: 2 }),
  );
  const list = await page.request.get(`/api/jobs/${job.id}/applications`, {
    params: { status: 'Responded', q: person.email },
  });
  const [applicant] = (await list.json()).results as ListedApplicant[];
  expect(applicant, `${person.email} responded`).toBeTruthy();
  await expect
    .poll(
      async () => {
        const reply = await page.request.get(`/api/jobs/${job.id}/answers`, {
          params: { application: applicant?.id ?? 0 },
        });
        const answers = (await reply.json()).results as { status: string }[];
        return answers.filter((answer) => answer.status === 'ready').length;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(applicant?.answer_count);
  return applicant as ListedApplicant;
}

/**
 * Sends a recording as the browser does (decision 135): a tus upload created with its length
 * deferred, PATCHed in slices, the length declared with the last one.
 */
export async function sendTake(
  request: APIRequestContext,
  started: {
    take: string;
    upload: { endpoint: string; metadata: Record<string, string> };
  },
  bytes: Buffer,
  sliceBytes = 256 * 1024,
) {
  const tus = { 'tus-resumable': '1.0.0' };
  const metadata = Object.entries(started.upload.metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await request.post(started.upload.endpoint, {
    headers: {
      ...tus,
      'upload-metadata': metadata,
      'upload-defer-length': '1',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const url = `${started.upload.endpoint}/${started.take}`;
  for (let offset = 0; offset < bytes.length || offset === 0;) {
    const slice = bytes.subarray(offset, offset + sliceBytes);
    const last = offset + slice.length >= bytes.length;
    const patched = await request.patch(url, {
      headers: {
        ...tus,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        ...(last ? { 'upload-length': String(bytes.length) } : {}),
      },
      data: slice,
    });
    expect(patched.status(), await patched.text()).toBe(204);
    offset += slice.length;
    if (last) break;
  }
}
