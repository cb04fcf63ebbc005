import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as apiRequest, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { expectNoViolations, VIEWPORTS, waitForContent } from '../support/axe';
import { createInterview } from '../support/interviews';
import { SHOTS } from '../support/screenshots';

// The keys are made in a company of its own; the member's view is the demo's, only read.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Larkspur');
});

test('an admin creates an API key, sees it once, uses it, and revokes it', async ({
  page,
  baseURL,
}) => {
  const name = `ATS ${Date.now()}`;
  await signInAs(page, company.admin);
  // The key reads the company's interviews: it has one.
  await createInterview(page, `Key reader ${Date.now()}`);
  await page.goto('/company-settings');
  const link = page.getByRole('link', { name: /API keys/ });
  for (const viewport of [...VIEWPORTS].reverse()) {
    await page.setViewportSize(viewport);
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(SHOTS, `api-keys-settings-link-${viewport.name}.png`),
    });
  }
  await link.click();
  await expect(
    page.getByRole('heading', { name: 'API keys', level: 1 }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Create a key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Give the key a name')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Access').selectOption('read');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = await shown.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^cnd_[A-Za-z0-9_-]{43}$/);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: join(SHOTS, 'api-keys-secret-1440x900.png'),
  });
  await shown.getByRole('button', { name: 'Done' }).click();

  // Seen once: the list shows its prefix only, and the page no longer holds the secret.
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // The key, from outside the browser: no cookie, no CSRF token.
  const ats = await apiRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });
  const jobs = await ats.get('/api/jobs');
  expect(jobs.status(), await jobs.text()).toBe(200);
  expect(((await jobs.json()) as { count: number }).count).toBeGreaterThan(0);
  const write = await ats.post('/api/jobs', {
    data: { title: 'No', company: company.shortname },
  });
  expect(write.status()).toBe(403);

  // The page lists the requests and the key's last use.
  await page.reload();
  const requests = page.getByRole('table', { name: 'Recent requests' });
  await expect(
    requests.getByRole('row', { name: /GET \/api\/jobs.*200/ }).first(),
  ).toBeVisible();
  await expect(
    requests.getByRole('row', { name: /POST \/api\/jobs.*403/ }).first(),
  ).toBeVisible();
  await expect(row.getByText('Never')).toHaveCount(0);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await waitForContent(page);
    await expectNoViolations(page, `API keys at ${viewport.name}`);
    await page.screenshot({
      path: join(SHOTS, `api-keys-${viewport.name}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText(`“${name}” was revoked.`)).toBeVisible();
  await expect(row.getByText('Revoked')).toBeVisible();

  const after = await ats.get('/api/jobs');
  expect(after.status()).toBe(401);
  await ats.dispose();
});

test('a member sees no API keys link, and the page says it is for admins', async ({
  page,
}) => {
  await signIn(page, 'hiring@demo.test');
  await page.goto('/company-settings');
  await expect(
    page.getByRole('heading', { name: 'Company settings', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /API keys/ })).toHaveCount(0);
  await page.goto('/company-settings/api-keys');
  await expect(
    page.getByText('Only admins of the company can manage its API keys.'),
  ).toBeVisible();
  const list = await page.request.get('/api/companies/acme/api-keys');
  expect(list.status()).toBe(403);
});
