import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import {
  addMember,
  createCompany,
  signInAs,
  type TestCompany,
  type TestPerson,
} from '../support/company';
import { checkAndPhotograph } from '../support/screenshots';

// The acts are made in a company of its own; nothing of the demo's is changed.
let company: TestCompany;
let member: TestPerson;
let bystander: TestPerson;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Auditors');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, company.admin);
  member = await addMember(page.request, company, {
    first: 'Mara',
    last: 'Member',
    role: 'member',
  });
  // Mara becomes an admin in the first test; Milo stays a member.
  bystander = await addMember(page.request, company, {
    first: 'Milo',
    last: 'Member',
    role: 'member',
  });
  await context.close();
});

test('an admin’s acts land in the audit log, which filters and exports them', async ({
  page,
}) => {
  await signInAs(page, company.admin);
  const api = `/api/companies/${company.shortname}`;
  const headers = await csrfHeaders(page);
  const key = await page.request.post(`${api}/api-keys`, {
    headers,
    data: { name: 'Payroll sync', scope: 'read' },
  });
  expect(key.status(), await key.text()).toBe(201);
  const team = (await (await page.request.get(`${api}/members`)).json()) as {
    results: { id: number; email: string }[];
  };
  const mara = team.results.find((row) => row.email === member.email);
  const promoted = await page.request.patch(`${api}/members/${mara?.id}`, {
    headers,
    data: { role: 'admin' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);

  await page.goto('/company-settings');
  await page.getByRole('link', { name: /Audit log/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Audit log', level: 1 }),
  ).toBeVisible();
  const log = page.getByRole('table', { name: 'Audit log' });
  const admin = company.admin.full_name;
  await expect(
    log.getByText(`${admin} created the API key “Payroll sync”`),
  ).toBeVisible();
  const roleRow = log.getByRole('row', {
    name: new RegExp(`${admin} changed the role of Mara Member`),
  });
  await expect(roleRow.getByText('role: member → admin')).toBeVisible();
  await expect(
    log.getByText(`${admin} invited Mara Member to the team`),
  ).toBeVisible();
  await checkAndPhotograph(page, 'audit-log');

  await page.getByLabel('Event').selectOption('member.role_changed');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=member\.role_changed/);
  await expect(page.getByText('1 event, newest first')).toBeVisible();
  await expect(log.getByRole('row')).toHaveCount(2);
  await checkAndPhotograph(page, 'audit-log-filtered');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `${company.shortname}-audit-log.csv`,
  );
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(',member.role_changed,');
  expect(csv).not.toContain('api_key.created');

  // The download itself is an act of the log.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/action=/);
  await page.reload();
  await expect(log.getByText(`${admin} exported the audit log`)).toBeVisible();
});

test('a member sees no audit log: no link, a refusal on the page, 403 from the API', async ({
  page,
}) => {
  await signInAs(page, bystander);
  await page.goto('/company-settings');
  await expect(
    page.getByRole('heading', { name: 'Company settings', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Audit log/ })).toHaveCount(0);
  await page.goto('/company-settings/audit-log');
  await expect(
    page.getByText('Only admins of the company can read its audit log.'),
  ).toBeVisible();
  const list = await page.request.get(
    `/api/companies/${company.shortname}/audit-log`,
  );
  expect(list.status()).toBe(403);
});
