import { expect, test, type Page } from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { uploadLibraryVideo } from '../support/library';
import { SHOTS } from '../support/screenshots';

// The interviews made here are a company's of its own, with a video in its library.
const LIBRARY_VIDEO = 'Life at our company';
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Rosewood');
});

async function shoot(page: Page, name: string) {
  for (const [width, height, suffix] of [
    [1440, 900, ''],
    [390, 844, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({
      path: `${SHOTS}/jobs-${name}${suffix}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('create an interview from scratch through the steps, add three questions and publish it', async ({
  page,
}) => {
  // The library video is uploaded and processed first, then 16 full-page screenshots.
  test.setTimeout(120_000);
  const title = `Barista ${Date.now()}`;
  await signInAs(page, company.admin);
  await uploadLibraryVideo(page, company.shortname, LIBRARY_VIDEO);
  await page.goto('/interviews');
  await expect(
    page.getByRole('heading', { name: 'Interviews', level: 1 }),
  ).toBeVisible();
  await page
    .getByRole('link', { name: 'Create new interview' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/create$/);
  await page.getByRole('link', { name: /Start from scratch/ }).click();
  await expect(page).toHaveURL(/\/create\/details$/);

  // Step 1: details. The title is required, with the shared schema's message.
  await page.getByRole('button', { name: 'Add questions' }).click();
  await expect(
    page.getByText('Give your interview a title', { exact: true }),
  ).toBeVisible();
  await page.getByPlaceholder('Give your interview a title').fill(title);
  await page.getByLabel('Function').selectOption('Hospitality');
  await page.getByLabel('Role level').selectOption('Entry level');
  await page
    .getByLabel('Introduction')
    .fill('Great coffee, friendly faces. Tell us about you.');
  await page.getByText('Rate overall').click();
  // Attachments wait until the interview exists; an oversized one is refused at once.
  const attach = page.getByTestId('attachment-input');
  await attach.setInputFiles({
    name: 'Role spec.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% spec\n%%EOF\n'),
  });
  await expect(page.getByText('Ready to upload')).toBeVisible();
  await attach.setInputFiles({
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(11 * 1024 * 1024, 0x25),
  });
  await expect(
    page.getByText('Attachments must be 10 MB or smaller.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add questions' }).click();
  await expect(page).toHaveURL(/\/create\/\d+\/add-questions$/);
  const jobId = Number(page.url().match(/create\/(\d+)/)?.[1]);
  const attachments = (
    await (await page.request.get(`/api/jobs/${jobId}/attachments`)).json()
  ).results;
  expect(
    attachments.map((file: { filename: string }) => file.filename),
  ).toEqual(['Role spec.pdf']);

  // Question 1: written here and spoken by the server.
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Why would you like to make coffee with us?');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByTestId('question-item')).toHaveCount(1);
  const audio = page.waitForResponse((response) =>
    response.url().includes('/tts'),
  );
  await page.getByRole('button', { name: 'Play' }).click();
  const audioResponse = await audio;
  expect(audioResponse.status()).toBeLessThan(300);
  expect(audioResponse.headers()['content-type']).toBe('audio/mpeg');

  // Question 2: from the question bank.
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page
    .getByRole('button', { name: 'Choose from the question bank' })
    .click();
  const bank = page.getByRole('dialog', { name: 'Question bank' });
  await bank.getByLabel('Competency').selectOption({ label: 'Customer focus' });
  const picked = bank.getByRole('listitem').filter({
    hasText: 'A guest complains their room is not ready at check-in.',
  });
  await expect(picked).toBeVisible();
  await picked.getByRole('button', { name: 'Use' }).click();
  await expect(
    page.getByRole('textbox', { name: 'Question', exact: true }),
  ).toHaveValue(/room is not ready/);
  await page.getByLabel('Time limit').selectOption({ label: '3 minutes' });
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByTestId('question-item')).toHaveCount(2);

  // Question 3: a video of the company library.
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Watch our team, then tell us how you would fit in.');
  await page.getByText('Video from the library').click();
  await page
    .getByLabel('Video', { exact: true })
    .selectOption({ label: LIBRARY_VIDEO });
  await shoot(page, 'question-editor');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByTestId('question-item')).toHaveCount(3);

  // Reorder with the keyboard through dnd-kit: pick up the third question with Space, move it
  // up one place with an arrow key, drop it with Space (measured after a fresh layout).
  await page.reload();
  await expect(page.getByTestId('question-item')).toHaveCount(3);
  await page
    .getByRole('button', { name: 'Move question 3', exact: true })
    .focus();
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect(page.getByTestId('question-item').nth(1)).toContainText(
    'Watch our team',
  );
  await expect(page.getByText('New order saved')).toBeVisible();
  // The buttons reorder too: the same question back down.
  await page.getByRole('button', { name: 'Move question 2 down' }).click();
  await expect(page.getByTestId('question-item').nth(2)).toContainText(
    'Watch our team',
  );
  await page.getByRole('button', { name: 'Move question 3 up' }).click();
  await expect(page.getByTestId('question-item').nth(1)).toContainText(
    'Watch our team',
  );
  await shoot(page, 'add-questions');

  // The steps navigation reaches the preview and the summary.
  await page.getByRole('link', { name: /Preview/ }).click();
  await expect(
    page.getByRole('heading', { name: title, level: 2 }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Start interview' }).click();
  await expect(page.getByText('Question 1 of 3').first()).toBeVisible();
  await shoot(page, 'preview');
  await page.getByRole('link', { name: /Summary/ }).click();
  await expect(page.getByRole('link', { name: /Summary/ })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(
    page.getByText('Why would you like to make coffee with us?'),
  ).toBeVisible();
  await shoot(page, 'summary');
  await page.getByRole('button', { name: 'Publish' }).click();

  // Publishing lands on the new job (decision 139); the dashboard lists it as published.
  await expect(page).toHaveURL(new RegExp(`/interviews/${jobId}\\?`));
  await page.goto('/interviews');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('3 questions');
  const job = await (await page.request.get(`/api/jobs/${jobId}`)).json();
  expect(job).toMatchObject({
    status: 'Published',
    question_count: 3,
    rating_style: 0,
    function: 'Hospitality',
  });
  const questions = (
    await (await page.request.get(`/api/jobs/${jobId}/questions`)).json()
  ).results;
  expect(
    questions.map((question: { media: string }) => question.media),
  ).toEqual(['tts', 'video', 'tts']);
  await shoot(page, 'interviews');
});

test('create an interview from a template', async ({ page }) => {
  await signInAs(page, company.admin);
  await page.goto('/create');
  await shoot(page, 'create');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Graduate scheme' }) });
  await card.getByRole('button', { name: 'Use template' }).click();
  await expect(page).toHaveURL(/\/create\/\d+\/details$/);
  await expect(
    page.getByPlaceholder('Give your interview a title'),
  ).toHaveValue('Graduate scheme');
  await page.getByRole('link', { name: /Questions/ }).click();
  await expect(page.getByTestId('question-item')).toHaveCount(5);
  await page.goto('/interviews');
  await page.getByLabel('Status').selectOption('Draft');
  await expect(
    page.getByRole('row').filter({ hasText: 'Graduate scheme' }).first(),
  ).toContainText('Draft');
});
