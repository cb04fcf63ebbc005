import { expect, test } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { readMail, waitForMail } from '../support/mail';
import { SHOTS } from '../support/screenshots';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Fernhill');
});

test('bulk add five interviewees by paste, invite them, extend a deadline, and the e-mails arrive', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await signInAs(page, company.admin);
  const created = await page.request.post('/api/jobs', {
    headers: await csrfHeaders(page),
    data: {
      company: company.shortname,
      title: `Barista ${run}`,
      applicant_deadline_days: 5,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const job = (await created.json()) as { id: number };

  await page.goto(`/interviews/${job.id}?status=ToInvite&filter=all`);
  await expect(
    page.getByRole('heading', { name: `Barista ${run}` }),
  ).toBeVisible();
  await expect(page.getByText('No interviewees to invite')).toBeVisible();

  // Bulk add by paste: a header row, five people.
  const people = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve'].map((first, index) => ({
    first,
    last: `Tester${index}`,
    email: `${first.toLowerCase()}.${run}@example.com`,
  }));
  await page.getByRole('button', { name: 'Add interviewees' }).first().click();
  await page
    .getByLabel('Paste your list')
    .fill(
      [
        'First name\tLast name\tEmail',
        ...people.map((p) => `${p.first}\t${p.last}\t${p.email}`),
        'Fay\tTypo\tfay-at-example.com',
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('6 of 7 rows selected')).toBeVisible();
  await expect(page.getByLabel('Column 3')).toHaveValue('email');
  // The error stands under the address it is about, and the list is not added with it.
  await expect(
    page.getByRole('cell', { name: /fay-at-example\.com.*valid email/ }),
  ).toBeVisible();
  await expect(page.getByText('Row 7 has an error')).toBeVisible();
  const addSix = page.getByRole('button', { name: 'Add 6 interviewees' });
  await expect(addSix).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/applicants-bulk-parse.png` });
  await page.getByRole('checkbox', { name: 'Include row 7' }).uncheck();
  await page.getByRole('button', { name: 'Add 5 interviewees' }).click();
  await expect(page.getByText('5 interviewees added')).toBeVisible();
  await expect(page.getByTestId('applicant-row')).toHaveCount(5);
  await expect(page.getByRole('tab', { name: /To invite/ })).toContainText('5');

  // Invite all.
  await page.getByRole('button', { name: 'Invite all' }).click();
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('5 invitations are on their way')).toBeVisible();
  await expect(page.getByText('No interviewees to invite')).toBeVisible();

  // They move to Awaiting response.
  await page.getByRole('tab', { name: /Awaiting response/ }).click();
  await expect(page).toHaveURL(/status=AwaitingResponse/);
  await expect(page.getByTestId('applicant-row')).toHaveCount(5);
  await expect(page.getByTestId('applicant-row').first()).toContainText(
    'Awaiting response',
  );
  await page.screenshot({
    path: `${SHOTS}/applicants-awaiting.png`,
    fullPage: true,
  });

  const invitation = await waitForMail(
    (mail) =>
      mail.to.includes(people[0]?.email ?? '') &&
      mail.subject.includes(`Barista ${run}`),
  );
  expect(invitation.text).toContain('Start interview');
  expect(invitation.text).toContain('Dear Ada,');
  expect(invitation.html).toMatch(/\/i\/[A-Za-z0-9]+/);

  // Extend one deadline with the +7 quick choice.
  const eve = page
    .getByTestId('applicant-row')
    .filter({ hasText: people[4]?.email ?? '' });
  await eve
    .getByRole('button', { name: `Actions for Eve Tester4` })
    .last()
    .click();
  await page.getByRole('menuitem', { name: 'Send email' }).click();
  await page.getByLabel('Subject').fill('Hello [FIRST NAME]');
  await page.getByLabel('Message').fill('Just checking in.');
  await page.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByText('Email sent!')).toBeVisible();
  const message = await waitForMail(
    (mail) =>
      mail.to.includes(people[4]?.email ?? '') && mail.subject === 'Hello Eve',
  );
  expect(message.text).toContain('Just checking in.');

  await eve.getByRole('button', { name: 'Resend' }).last().click();
  await expect(page.getByRole('dialog')).toContainText(
    'Resend the invitation to Eve Tester4',
  );
  await page.keyboard.press('Escape');

  const extendResponse = await page.request.get(
    `/api/jobs/${job.id}/applications?status=AwaitingResponse`,
  );
  const eveRow = (
    (await extendResponse.json()) as {
      results: { id: number; user: { email: string } }[];
    }
  ).results.find((row) => row.user.email === people[4]?.email);
  expect(eveRow).toBeDefined();
  await eve.getByRole('checkbox').click();
  await page
    .getByRole('button', { name: 'Extend deadline', exact: true })
    .click();
  await page.getByRole('button', { name: '+7 days' }).click();
  await page.screenshot({ path: `${SHOTS}/applicants-extend.png` });
  await page.getByRole('button', { name: 'Extend and notify' }).click();
  await expect(page.getByText('1 deadline extended')).toBeVisible();
  // The invitation and now the extension: two e-mails about this interview to Eve.
  const toEve = () =>
    readMail().filter(
      (mail) =>
        mail.to.includes(people[4]?.email ?? '') &&
        mail.subject.includes(`Barista ${run}`),
    );
  await expect.poll(() => toEve().length, { timeout: 20_000 }).toBe(2);
  expect(toEve()[1]?.text).toContain('Start interview');
  const after = await page.request.get(
    `/api/jobs/${job.id}/applications/${eveRow?.id}`,
  );
  const deadline = Date.parse(
    ((await after.json()) as { deadline: string }).deadline,
  );
  expect(deadline).toBeGreaterThan(Date.now() + 11 * 24 * 60 * 60 * 1000);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({
    path: `${SHOTS}/applicants-awaiting-phone.png`,
    fullPage: true,
  });
});
