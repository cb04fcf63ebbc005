import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { unsubscribeToken } from '../../apps/server/src/modules/reminders/unsubscribe-token';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { expectNoViolations, VIEWPORTS, waitForContent } from '../support/axe';
import { createInterview } from '../support/interviews';
import { E2E_PORT } from '../support/ports';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Juniper');
});

// Screenshots for people to look at; REMINDER_SHOTS moves them (a helper's own folder).
const SHOTS =
  process.env.REMINDER_SHOTS ??
  resolve(import.meta.dirname, '..', 'screenshots');

/** Each viewport: axe, then a full-page screenshot named after the page. */
async function checkAndShoot(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await waitForContent(page);
    await expectNoViolations(page, `${name} at ${viewport.name}`);
    await page.screenshot({
      path: `${SHOTS}/${name}-${viewport.name}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

test('the company sets reminders for new interviews; an interview changes its own; an interviewee stops them', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, company.admin);
  await page.goto('/company-settings');
  const section = page.getByRole('group', { name: 'Candidate reminders' });
  await expect(
    section.getByLabel('Send reminders to interviewees who have not answered'),
  ).toBeChecked();
  await section.getByLabel('Reminder before the deadline').selectOption('24');
  await section
    .getByLabel('Reminder on the last morning')
    .selectOption('08:00');
  await section.getByLabel('Time zone').selectOption('Europe/Paris');
  await section.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Reminder settings saved')).toBeVisible();
  await page.reload();
  await expect(section.getByLabel('Reminder before the deadline')).toHaveValue(
    '24',
  );
  await expect(section.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await section.scrollIntoViewIfNeeded();
  await checkAndShoot(page, 'reminders-company-settings');
  await section.screenshot({
    path: `${SHOTS}/reminders-company-section-1440x900.png`,
  });

  // A new interview starts with the company's reminders, and changes its own.
  const title = `Reminders ${Date.now()}`;
  const job = await createInterview(page, title);
  await page.goto(`/create/${job.id}/emails`);
  await page.getByRole('tab', { name: 'Reminder email' }).click();
  const own = page.getByRole('region', {
    name: 'Reminders for this interview',
  });
  await expect(own.getByLabel('Reminder before the deadline')).toHaveValue(
    '24',
  );
  await expect(own.getByLabel('Reminder on the last morning')).toHaveValue(
    '08:00',
  );
  await own.getByLabel('Reminder before the deadline').selectOption('48');
  await own.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Reminders saved')).toBeVisible();
  const saved = await page.request.get(`/api/jobs/${job.id}/reminder-settings`);
  expect(await saved.json()).toEqual({
    enabled: true,
    hours_before: 48,
    morning_time: '08:00',
  });
  await checkAndShoot(page, 'reminders-interview-email-step');

  await page.goto('/company-settings/edit-reminder-email');
  await expect(
    page.getByRole('heading', { name: 'Reminder email' }),
  ).toBeVisible();
  await checkAndShoot(page, 'reminders-template');

  // The unsubscribe link a reminder to this interviewee carries, signed as the server signs it.
  const added = await page.request.post(`/api/jobs/${job.id}/applications`, {
    headers: await csrfHeaders(page),
    data: {
      user: {
        first_name: 'Sam',
        last_name: 'Reminded',
        email: `sam.${Date.now()}@example.test`,
      },
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const [applicationId] = ((await added.json()) as { ids: number[] }).ids;
  const secret = readFileSync(
    resolve(import.meta.dirname, `../.data/server-${E2E_PORT}/signing-secret`),
    'utf8',
  ).trim();
  const token = unsubscribeToken(secret, applicationId ?? 0);

  const context = await browser.newContext({ baseURL });
  const interviewee = await context.newPage();
  await interviewee.goto(`/reminders/unsubscribe/${token}`);
  await expect(
    interviewee.getByText(
      `Stop the reminder e-mails about your interview for ${title} at ${company.name}?`,
    ),
  ).toBeVisible();
  await checkAndShoot(interviewee, 'reminders-unsubscribe');
  await interviewee.getByRole('button', { name: 'Stop reminders' }).click();
  await expect(
    interviewee.getByRole('heading', { name: 'Reminders stopped' }),
  ).toBeVisible();
  await checkAndShoot(interviewee, 'reminders-unsubscribed');

  await interviewee.goto(
    `/reminders/unsubscribe/${applicationId}-${'x'.repeat(32)}`,
  );
  await expect(
    interviewee.getByRole('heading', { name: 'This link does not work' }),
  ).toBeVisible();
  await context.close();
});
