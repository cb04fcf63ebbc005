import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { csrfHeaders, signIn } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { FFMPEG } from '../support/media-tools';
import { SHOTS } from '../support/screenshots';

// The videos and the interview made here are a company's of its own; the stock library is read.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Pinecrest');
});

let workDir: string;
let clip: string;

test.beforeAll(() => {
  // A real two-second recording made on the spot: test pattern and a tone, WebM like a browser's.
  workDir = mkdtempSync(join(tmpdir(), 'candor-e2e-library-'));
  clip = join(workDir, `e2e-clip-${Date.now()}.webm`);
  execFileSync(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libvpx',
    '-c:a',
    'libopus',
    '-shortest',
    clip,
  ]);
});
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const cardOf = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });

test('upload a video into the library, watch it become playable, then rename, categorise and delete it', async ({
  page,
}) => {
  await signInAs(page, company.admin);
  await page.goto('/content');
  await expect(
    page.getByRole('heading', { name: 'Content', level: 1 }),
  ).toBeVisible();

  const title = basename(clip, '.webm');
  await page.getByLabel('Upload a video file').setInputFiles(clip);
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({
    timeout: 20_000,
  });

  const card = cardOf(page, title);
  await expect(card).toBeVisible();
  // Processing runs in the server's worker: the card polls until the MP4 can play.
  await expect(card.locator('video')).toBeVisible({ timeout: 40_000 });
  await expect(card.getByText('Processing... please wait.')).toHaveCount(0);
  const playable = await card
    .locator('video')
    .evaluate(async (video: HTMLVideoElement) => {
      video.preload = 'auto';
      video.load();
      await new Promise((resolve) =>
        video.addEventListener('loadedmetadata', resolve, { once: true }),
      );
      return video.duration;
    });
  expect(playable).toBeGreaterThan(1);
  await page.screenshot({
    path: `${SHOTS}/library-1440.png`,
    fullPage: true,
  });

  // Rename: Enter in the title submits. Only the card in rename mode has a category box.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const editing = page.getByRole('listitem').filter({
    has: page.getByRole('combobox', { name: 'Category', exact: true }),
  });
  const renamed = `Welcome film ${Date.now()}`;
  await editing.getByLabel('Title').fill(renamed);
  await editing.getByLabel('Title').press('Enter');
  await expect(page.getByText('Video renamed')).toBeVisible();

  // Categorise: type a new category and press Enter in the category box.
  const category = editing.getByRole('combobox', {
    name: 'Category',
    exact: true,
  });
  await expect(category).toHaveAttribute('placeholder', 'Select category');
  await category.fill('E2E films');
  await category.press('Enter');
  await expect(page.getByText('Video category updated')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/library-rename-1440.png` });

  // Delete, after the spec's confirmation.
  await editing.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(
    dialog.getByText(
      'Are you sure you want to delete this video? Deleting is irreversible.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Video deleted')).toBeVisible();
  await expect(page.getByText(renamed)).toHaveCount(0);
  await expect(editing).toHaveCount(0);
});

test('the stock library is readable but offers no changes', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/content/stock-videos');
  await expect(
    page.getByRole('heading', { name: 'Welcome to your interview' }),
  ).toBeVisible();
  await expect(page.getByLabel('Upload a video file')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await page.screenshot({
    path: `${SHOTS}/stock-videos-1440.png`,
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({
    path: `${SHOTS}/stock-videos-390.png`,
    fullPage: true,
  });
});

test('record a video with the camera into the library', async ({ page }) => {
  await signInAs(page, company.admin);
  await page.goto('/content');
  await page.getByRole('button', { name: 'Record video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a video' });
  // Chromium's fake camera and microphone stand in for a real one.
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await expect(dialog.getByText(/Recording \d:\d\d/)).toBeVisible();
  await page.waitForTimeout(2500);
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await page.screenshot({ path: `${SHOTS}/record-video-1440.png` });
  await dialog.getByRole('button', { name: 'Save to library' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });

  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Recording / }) })
    .first();
  await expect(card.locator('video')).toBeVisible({ timeout: 40_000 });

  // And deleted again.
  await card.getByRole('button', { name: /^Edit Recording / }).click();
  await page
    .getByRole('listitem')
    .filter({
      has: page.getByRole('combobox', { name: 'Category', exact: true }),
    })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Video deleted')).toBeVisible();
});

test('choose an interview’s introduction video from the stock library', async ({
  page,
}) => {
  await signInAs(page, company.admin);
  const created = await page.request.post('/api/jobs', {
    headers: await csrfHeaders(page),
    data: {
      title: `Intro video test ${Date.now()}`,
      company: company.shortname,
    },
  });
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { id: number };
  await page.goto(`/create/${job.id}/videos`);
  await expect(page.getByText('No introduction video yet')).toBeVisible();
  const stock = page
    .getByRole('listitem')
    .filter({ hasText: 'Welcome to your interview' });
  await stock.getByRole('button', { name: 'Use this video' }).click();
  await expect(page.getByText('Introduction video set')).toBeVisible();
  await expect(stock.getByRole('button', { name: 'Selected' })).toBeDisabled();
  const saved = await page.request.get(`/api/jobs/${job.id}`);
  expect((await saved.json()).intro_video_id).not.toBeNull();
});
