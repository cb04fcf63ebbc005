import { expect, test } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { createInterview, personalLink } from '../support/interviews';
import { uploadLibraryVideo } from '../support/library';
import { checkAndPhotograph } from '../support/screenshots';

// Issue 47 (decision 199): an author captions a video question by typing; a candidate on a
// phone reads a spoken question's captions as it is spoken, and the video question's captions
// and transcript.
test.use({ reducedMotion: 'reduce' });

let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Lighthouse Ferries');
});

const SPOKEN = 'Tell us about yourself. Why this role?';
const FILMED = 'Watch the clip and tell us what you would do.';

test('an author types captions for a video question, and a candidate reads both kinds', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, company.admin);
  const videoId = await uploadLibraryVideo(page, company.shortname, 'Clip');
  const job = await createInterview(page, `Deckhand ${Date.now()}`, [], {
    publish: false,
  });
  const headers = await csrfHeaders(page);
  for (const question of [
    { text: SPOKEN, media: 'tts' },
    { text: FILMED, media: 'video', video_id: videoId },
  ]) {
    const added = await page.request.post(`/api/jobs/${job.id}/questions`, {
      headers,
      data: {
        ...question,
        answer_type: 'text',
        thinking_time: 0,
        time_limit: 0,
      },
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  await page.goto(`/create/${job.id}/add-questions`);
  await expect(
    page.getByText('No captions yet: candidates who cannot hear the video'),
  ).toBeVisible();
  await page
    .getByRole('button', { name: 'Add captions to question 2' })
    .click();
  const editor = page.getByRole('dialog', { name: 'Captions of question 2' });
  await editor.getByLabel('End, line 1').fill('soon');
  await editor.getByLabel('Text, line 1').fill('Watch the clip.');
  await editor.getByRole('button', { name: 'Save captions' }).click();
  await expect(
    editor.getByText('Line 1: write times like 0:04.5.'),
  ).toBeVisible();
  await editor.getByLabel('End, line 1').fill('0:01.0');
  await editor.getByRole('button', { name: 'Add a line' }).click();
  await editor.getByLabel('Text, line 2').fill('What would you do?');
  await checkAndPhotograph(page, 'captions-editor');
  await editor.getByRole('button', { name: 'Save captions' }).click();
  await expect(editor).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Edit the captions of question 2' }),
  ).toBeVisible();
  await expect(page.getByText('No captions yet')).toBeHidden();
  // The same clip welcomes the candidate on the landing page.
  const welcomed = await page.request.patch(`/api/jobs/${job.id}`, {
    headers,
    data: { intro_video_id: videoId },
  });
  expect(welcomed.status(), await welcomed.text()).toBe(200);
  const published = await page.request.post(`/api/jobs/${job.id}/publish`, {
    headers,
  });
  expect(published.status(), await published.text()).toBe(200);

  const candidate = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  const phone = await candidate.newPage();
  const link = await personalLink(phone.request, job.shortcode, {
    first_name: 'Deaf',
    last_name: 'Candidate',
    email: `captions.${Date.now()}@example.com`,
  });
  await phone.goto(link);
  await expect(
    phone.getByLabel('A word from Lighthouse Ferries', { exact: false }),
  ).toHaveAttribute('src', /./);
  await checkAndPhotograph(phone, 'welcome-video-landing');
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByRole('button', { name: 'Start the interview' }).click();
  await expect(phone.getByTestId('question-text')).toHaveText(SPOKEN);
  // The caption under the player follows the speech, phrase by phrase.
  await expect(phone.getByTestId('spoken-caption')).toHaveText(
    /^(Tell us about yourself\.|Why this role\?)$/,
    { timeout: 30_000 },
  );
  await phone.getByLabel('Your answer').fill('I grew up on the coast.');
  await phone.getByRole('button', { name: 'Submit and continue' }).click();

  await expect(phone.getByTestId('question-text')).toHaveText(FILMED);
  const player = phone.getByTestId('question-media');
  await expect(player.locator('track[kind="captions"]')).toHaveAttribute(
    'label',
    'Captions',
  );
  await phone.getByText('Read the question').click();
  await expect(
    phone.getByText('Watch the clip. What would you do?'),
  ).toBeVisible();
  await checkAndPhotograph(phone, 'captions-candidate');
  await candidate.close();
});
