import { expect, test } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { waitForMail } from '../support/mail';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Ivybridge');
});

test('an admin invites a colleague, who joins from the e-mail and sees the company’s interviews', async ({
  page,
  browser,
  baseURL,
}) => {
  const run = Date.now();
  const email = `colleague.${run}@example.test`;
  const title = `Concierge ${run}`;
  await signInAs(page, company.admin);
  const created = await page.request.post('/api/jobs', {
    headers: await csrfHeaders(page),
    data: { company: company.shortname, title },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/company-settings');
  await page.getByRole('link', { name: /Colleagues and invitations/ }).click();
  await expect(page.getByRole('heading', { name: 'Team' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite a colleague' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel('First name').fill('Robin');
  await dialog.getByLabel('Last name').fill('Hale');
  await dialog.getByLabel('Work e-mail').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(
    page.getByRole('row', { name: /Robin Hale/ }).getByText('Invited'),
  ).toBeVisible();

  const mail = await waitForMail(
    (message) =>
      message.to.includes(email) &&
      message.subject.includes(`invited you to join ${company.name}`),
  );
  const link = /https?:\/\/\S+\/join\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The colleague opens the link in their own browser, with no session.
  const context = await browser.newContext({ baseURL });
  const colleague = await context.newPage();
  await colleague.goto(link ?? '');
  await expect(
    colleague.getByRole('heading', {
      name: `Join ${company.name} on Candor`,
    }),
  ).toBeVisible();
  await expect(colleague.getByText(email)).toBeVisible();
  await expect(colleague.getByLabel('First name')).toHaveValue('Robin');
  await colleague.getByLabel('Last name').fill('Hale-Stone');
  await colleague.getByLabel('Password').fill('quiet-harbour-lantern-58');
  await colleague.getByRole('button', { name: `Join ${company.name}` }).click();

  await expect(colleague).toHaveURL(/\/interviews$/);
  await expect(colleague.getByTestId('header-company')).toHaveText(
    company.name,
  );
  await expect(
    colleague.getByRole('link', { name: title }).first(),
  ).toBeVisible();
  await context.close();

  await page.reload();
  await expect(
    page.getByRole('row', { name: /Robin Hale-Stone/ }).getByText('Active'),
  ).toBeVisible();
});
