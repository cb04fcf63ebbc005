import { join } from 'node:path';
import { expect, request as apiRequest, test } from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { expectNoViolations, VIEWPORTS, waitForContent } from '../support/axe';
import { createInterview } from '../support/interviews';
import { SHOTS } from '../support/screenshots';

let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Greenfield');
});

test('an admin turns Greenhouse on, hands over the key shown once, sees its calls, and turns it off', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, company.admin);
  const title = `Greenhouse test ${Date.now()}`;
  const job = await createInterview(page, title);
  await page.goto('/company-settings');
  await page.getByRole('link', { name: /Greenhouse/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Greenhouse', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on' }).click();
  const key = await page.getByTestId('greenhouse-key').inputValue();
  expect(key).toMatch(/^cgh_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  // Greenhouse, from outside the browser: HTTP Basic, the key as username and no password.
  const greenhouse = await apiRequest.newContext({
    baseURL,
    extraHTTPHeaders: {
      Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    },
  });
  const tests = await greenhouse.get('/api/integrations/greenhouse/list_tests');
  expect(tests.status(), await tests.text()).toBe(200);
  expect(await tests.json()).toContainEqual({
    partner_test_id: String(job.id),
    partner_test_name: title,
  });
  const email = `hpotter.${Date.now()}@example.test`;
  const sent = await greenhouse.post('/api/integrations/greenhouse/send_test', {
    data: {
      partner_test_id: String(job.id),
      candidate: {
        first_name: 'Harry',
        last_name: 'Potter',
        email,
        greenhouse_profile_url:
          'https://app.greenhouse.io/people/17681532?application_id=26234709',
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // Added and invited as from the job page, and tagged as sent by Greenhouse.
  await page.goto(`/interviews/${job.id}?status=AwaitingResponse&filter=All`);
  const harry = page.getByTestId('applicant-row').filter({ hasText: email });
  await expect(harry.getByText('From Greenhouse')).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expect(harry.getByText('From Greenhouse').first()).toBeVisible();
    await page.screenshot({
      path: join(SHOTS, `greenhouse-tag-${viewport.name}.png`),
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/company-settings/integrations/greenhouse');

  // Seen once: after a reload the page holds only the key's start, and lists the calls.
  await page.reload();
  expect(await page.content()).not.toContain(key);
  await expect(page.getByText(key.slice(0, 10))).toBeVisible();
  const calls = page.getByRole('table', { name: 'Recent calls' });
  await expect(
    calls.getByRole('row', { name: /send_test.*200/ }),
  ).toBeVisible();
  await expect(
    calls.getByRole('row', { name: /list_tests.*200/ }),
  ).toBeVisible();

  const ratings = page.getByLabel('Send ratings back to Greenhouse');
  // The box shows the choice at once; the reload waits for the server to have it.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      response.url().endsWith('/integrations/greenhouse'),
  );
  await ratings.check();
  expect((await saved).status()).toBe(200);
  await expect(ratings).toBeChecked();
  await page.reload();
  await expect(
    page.getByLabel('Send ratings back to Greenhouse'),
  ).toBeChecked();

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await waitForContent(page);
    await expectNoViolations(page, `Greenhouse at ${viewport.name}`);
    await page.screenshot({
      path: join(SHOTS, `greenhouse-${viewport.name}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);

  await page.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  const refused = await greenhouse.get(
    '/api/integrations/greenhouse/list_tests',
  );
  expect(refused.status()).toBe(401);
  await greenhouse.dispose();
});
