import { expect, test, type Locator, type Page } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { SHOTS } from '../support/screenshots';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Hollowmere');
});

async function shoot(page: Page, name: string, focus?: Locator) {
  for (const [width, height, suffix] of [
    [1440, 900, ''],
    [390, 844, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SHOTS}/question-video-${name}${suffix}.png`,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('record a question video with the camera inside the question editor', async ({
  page,
}) => {
  await signInAs(page, company.admin);
  const headers = await csrfHeaders(page);
  const created = await page.request.post('/api/jobs', {
    headers,
    data: {
      title: `Recorded question ${Date.now()}`,
      company: company.shortname,
    },
  });
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { id: number };

  await page.goto(`/create/${job.id}/add-questions`);
  await page.getByRole('button', { name: 'Add a question' }).first().click();
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Here is our team. What would you bring to it?');
  await page.getByText('Video from the library').click();
  await page.getByRole('button', { name: 'Record a video' }).click();

  // Chromium's fake camera and microphone stand in for a real one.
  const dialog = page.getByRole('dialog', { name: 'Record a video' });
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await expect(dialog.getByText(/Recording \d:\d\d/)).toBeVisible();
  await page.waitForTimeout(2500);
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await expect(dialog.getByLabel('Your recording')).toBeVisible();
  await shoot(page, 'recorder');
  await dialog
    .getByRole('button', { name: 'Save and use for this question' })
    .click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });

  // The new library video is now the question's video.
  const choice = page.getByLabel('Video', { exact: true });
  await expect(choice.locator('option:checked')).toHaveText(/^Recording /);
  await shoot(page, 'editor', choice);
  await page.getByRole('button', { name: 'Add question' }).click();
  const item = page.getByTestId('question-item');
  await expect(item).toHaveCount(1);
  await expect(
    item
      .getByText('Video from the library')
      .or(item.getByLabel('Video of question 1')),
  ).toBeVisible();
  await shoot(page, 'added', item);

  const { results: questions } = (await (
    await page.request.get(`/api/jobs/${job.id}/questions`)
  ).json()) as { results: { media: string; video_id: number | null }[] };
  expect(questions).toHaveLength(1);
  expect(questions[0]?.media).toBe('video');
  const library = (await (
    await page.request.get(
      `/api/companies/${company.shortname}/videos?page_size=100`,
    )
  ).json()) as { results: { id: number; filename: string }[] };
  const recording = library.results.find(
    (video) => video.id === questions[0]?.video_id,
  );
  expect(recording?.filename).toMatch(/^Recording .+\.webm$/);

  // The interview and the recording can be deleted again.
  expect(
    (await page.request.delete(`/api/jobs/${job.id}`, { headers })).status(),
  ).toBe(204);
  expect(
    (
      await page.request.delete(
        `/api/companies/${company.shortname}/videos/${recording?.id}`,
        {
          headers,
        },
      )
    ).status(),
  ).toBe(204);
});
