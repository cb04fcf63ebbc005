import { expect, test } from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import {
  applyAndAnswer,
  createInterview,
  makeTake,
} from '../support/interviews';
import { SHOTS } from '../support/screenshots';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Driftwood');
});

test('the answer page shows the video once processing ends, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const email = `live.${run}@example.com`;
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Live updates ${run}`);

  // The interviewee applies through the public link and answers. A 20 s 1280×720 take: heavy
  // enough that the server's H.264 transcode takes several seconds, so the reviewer's page
  // opens while it is processing.
  await applyAndAnswer(
    request,
    job.shortcode,
    { first_name: 'Lena', last_name: `Live ${run}`, email },
    makeTake({ size: '1280x720', rate: 30, seconds: 20 }),
  );

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
