import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, signIn } from '../support/auth';
import { waitForMail } from '../support/mail';
import { FFMPEG } from '../support/media-tools';
import { SHOTS } from '../support/screenshots';

const QUESTION = 'Tell us about a time you calmed an upset customer.';

/** A published interview of the demo company with one question, and its public shortcode. */
async function createInterview(page: Page, title: string) {
  const headers = await csrfHeaders(page);
  const user = await (await page.request.get('/api/user')).json();
  const created = await page.request.post('/api/jobs', {
    headers,
    data: {
      title,
      description: 'A short video interview for our support team.',
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      company: user.current_company.shortname,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const job = await created.json();
  const question = await page.request.post(`/api/jobs/${job.id}/questions`, {
    headers,
    data: { text: QUESTION, thinking_time: 0, time_limit: 30 },
  });
  expect(question.status(), await question.text()).toBeLessThan(300);
  const published = await page.request.post(`/api/jobs/${job.id}/publish`, {
    headers,
  });
  expect(published.status(), await published.text()).toBeLessThan(300);
  return { id: job.id as number, shortcode: job.shortcode as string };
}

/**
 * A 20 s 1280×720 take in Motion JPEG: quick to make here, and heavy enough that the server's
 * H.264 transcode takes several seconds, so the reviewer's page opens while it is processing.
 */
function makeHeavyTake(): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'candor-e2e-live-'));
  try {
    const file = join(folder, 'take.mov');
    execFileSync(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=30',
      '-t',
      '20',
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

test('the answer page shows the video once processing ends, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const email = `live.${run}@example.com`;
  await signIn(page, 'admin@demo.test');
  const job = await createInterview(page, `Live updates ${run}`);

  // The interviewee applies through the public link and opens the e-mailed interview link.
  const applied = await request.post(
    `/api/public/jobs/${job.shortcode}/apply`,
    {
      data: {
        first_name: 'Lena',
        last_name: `Live ${run}`,
        email,
        consent: true,
      },
    },
  );
  expect(applied.status(), await applied.text()).toBeLessThan(300);
  const mail = await waitForMail((message) => message.to.includes(email));
  const shortcode = /\/i\/(\w+)/.exec(mail.text)?.[1] ?? '';
  const interviewPath = await (
    await request.get(`/i/${shortcode}`, { headers: { accept: 'text/plain' } })
  ).text();
  const interview = await (await request.get(interviewPath)).json();
  const questionId = interview.question_ids[0] as number;
  // The take is uploaded as the recorder does; the real worker starts processing it.
  const take = makeHeavyTake();
  const started = await request.post(
    `${interviewPath}/questions/${questionId}/answer`,
    { data: { content_type: 'video/quicktime', size: take.length } },
  );
  expect(started.status(), await started.text()).toBe(200);
  const { upload } = await started.json();
  const put = await request.put(upload.url, {
    data: take,
    headers: upload.headers,
  });
  expect(put.status(), await put.text()).toBe(201);
  const completed = await request.post(
    `${interviewPath}/questions/${questionId}/answer/complete`,
  );
  expect(completed.status(), await completed.text()).toBe(200);

  const list = await (
    await page.request.get(`/api/jobs/${job.id}/applications`, {
      params: { status: 'Responded', filter: 'All' },
    })
  ).json();
  const applicationId = (list.results as { id: number }[])[0]?.id;
  expect(applicationId, 'the interviewee is listed as responded').toBeTruthy();

  // The company user opens the answer while it is still being processed.
  const firstRead = page.waitForResponse((response) =>
    response.url().includes(`/api/jobs/${job.id}/answers`),
  );
  await page.goto(`/interviews/${job.id}/interviewee/${applicationId}/answer`);
  const answers = (await (await firstRead).json()).results as {
    status: string;
  }[];
  expect(
    answers.map((answer) => answer.status),
    'the page opened before the transcode ended (a faster machine needs a heavier take)',
  ).toEqual(['processing']);
  await expect(page.getByText('The video is being processed…')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/live-updates-processing.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/live-updates-processing-phone.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A reload would clear this mark: the video must arrive in the same page.
  await page.evaluate(() => {
    (window as unknown as { stillOpen: boolean }).stillOpen = true;
  });
  const video = page.getByLabel('Answer to question 1');
  await expect(video).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText('The video is being processed…')).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as unknown as { stillOpen?: boolean }).stillOpen,
    ),
  ).toBe(true);
  // The player holds a real, playable MP4 from the server.
  const src = (await video.getAttribute('src')) ?? '';
  const media = await page.request.get(src);
  expect(media.status()).toBe(200);
  expect(media.headers()['content-type']).toContain('video/mp4');
  await page.screenshot({ path: `${SHOTS}/live-updates-ready.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/live-updates-ready-phone.png` });
});
