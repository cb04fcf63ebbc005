import { expect, test } from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { createInterview, personalLink } from '../support/interviews';
import { checkAndPhotograph } from '../support/screenshots';

// Issue 47 (decision 198): an admin gives the company its colour, a malformed one is refused,
// and a candidate on a phone sees the colour with legible text on their pages.
test.use({ reducedMotion: 'reduce' });

let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Saffron Docks');
});

test('an admin sets a brand colour and a candidate on a phone sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, company.admin);
  await page.goto('/company-settings');
  const colour = page.getByLabel('Brand colour', { exact: true });
  await colour.fill('orange');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText(
      'Enter a colour as # and six hexadecimal digits, like #1d4ed8.',
    ),
  ).toBeVisible();

  // A light colour: the preview says which darker shade keeps text readable.
  await colour.fill('#F59E0B');
  await expect(
    page.getByText(/Text and buttons use the darker shade #[0-9a-f]{6}/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Company settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Brand colour', { exact: true })).toHaveValue(
    '#f59e0b',
  );
  await page
    .getByRole('heading', { name: 'Candidate pages' })
    .scrollIntoViewIfNeeded();
  await checkAndPhotograph(page, 'brand-color-settings');

  const job = await createInterview(page, `Dock pilot ${Date.now()}`);
  const candidate = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  const phone = await candidate.newPage();
  const link = await personalLink(phone.request, job.shortcode, {
    first_name: 'Omar',
    last_name: 'Quay',
    email: `omar.quay.${Date.now()}@example.com`,
  });
  await phone.goto(link);
  const banner = phone.getByRole('banner');
  await expect(banner).toHaveCSS('background-color', 'rgb(245, 158, 11)');
  // Black reads better than white on amber.
  await expect(banner.getByText(/Saffron Docks/)).toHaveCSS(
    'color',
    'rgb(0, 0, 0)',
  );
  const start = phone.getByRole('button', { name: 'Start the interview' });
  await expect(start).toBeVisible();
  await expect(start).not.toHaveCSS('background-color', 'rgb(67, 56, 202)');
  await checkAndPhotograph(phone, 'brand-color-landing');
  await candidate.close();

  // The company's public marketplace page takes the colour too.
  await page.goto(`/marketplace/${company.shortname}`);
  await expect(
    page.getByRole('heading', { name: /Saffron Docks/ }).first(),
  ).toBeVisible();
  await checkAndPhotograph(page, 'brand-color-marketplace');
});
