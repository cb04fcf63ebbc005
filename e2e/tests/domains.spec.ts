import { expect, test } from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { checkAndPhotograph } from '../support/screenshots';

// The claim is made in a company of its own. The e2e server asks the system's DNS, which holds
// no record for the claim: verification itself is proven against a DNS server in
// apps/server's domains.test.ts.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Domains');
});

test('an admin claims a domain, sees the TXT record to add, and is told when it is not there yet', async ({
  page,
}) => {
  const domain = `${company.shortname}.example`;
  await signInAs(page, company.admin);
  await page.goto('/company-settings');
  await page.getByRole('link', { name: /Verified domains/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Verified domains', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('No domains yet.')).toBeVisible();

  await page.getByLabel('Domain').fill('not a domain');
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(
    page.getByText('Enter a domain such as example.com'),
  ).toBeVisible();
  await page.getByLabel('Domain').fill(domain.toUpperCase());
  await page.getByRole('button', { name: 'Add domain' }).click();

  const row = page.getByRole('row', { name: new RegExp(domain) });
  // A phone shows the status and record in the domain's cell: the test reads what is shown.
  const shown = (text: string | RegExp) =>
    row.getByText(text).filter({ visible: true });
  await expect(shown('Waiting for the record')).toBeVisible();
  await expect(shown(`_candor-verification.${domain}`)).toBeVisible();
  await expect(shown(/^candor-verification=/)).toBeVisible();

  await row.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await expect(shown('Waiting for the record')).toBeVisible();
  await checkAndPhotograph(page, 'domains');

  // The claim is in the audit log.
  await page.goto('/company-settings/audit-log');
  await expect(
    page
      .getByRole('table', { name: 'Audit log' })
      .getByText(`${company.admin.full_name} added the domain ${domain}`),
  ).toBeVisible();
});
