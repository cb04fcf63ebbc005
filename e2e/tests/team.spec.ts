import { expect, test } from '@playwright/test';
import { csrfHeaders, signIn } from '../support/auth';
import { waitForMail } from '../support/mail';

test('an admin invites a colleague, who joins from the e-mail and sees the company’s interviews', async ({
  page,
  browser,
  baseURL,
}) => {
  const run = Date.now();
  const email = `colleague.${run}@example.test`;
  const title = `Concierge ${run}`;
  await signIn(page, 'admin@demo.test');
  const created = await page.request.post('/api/jobs', {
    headers: await csrfHeaders(page),
    data: { company: 'acme', title },
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
      message.subject.includes('invited you to join Acme Recruitment'),
  );
  const link = /https?:\/\/\S+\/join\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The colleague opens the link in their own browser, with no session.
  const context = await browser.newContext({ baseURL });
  const colleague = await context.newPage();
  await colleague.goto(link ?? '');
  await expect(
    colleague.getByRole('heading', {
      name: 'Join Acme Recruitment on Candor',
    }),
  ).toBeVisible();
  await expect(colleague.getByText(email)).toBeVisible();
  await expect(colleague.getByLabel('First name')).toHaveValue('Robin');
  await colleague.getByLabel('Last name').fill('Hale-Stone');
  await colleague.getByLabel('Password').fill('quiet-harbour-lantern-58');
  await colleague
    .getByRole('button', { name: 'Join Acme Recruitment' })
    .click();

  await expect(colleague).toHaveURL(/\/interviews$/);
  await expect(colleague.getByTestId('header-company')).toHaveText(
    'Acme Recruitment',
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
