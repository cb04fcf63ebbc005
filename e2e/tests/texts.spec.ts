import { expect, test, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { expectNoViolations, VIEWPORTS, waitForContent } from '../support/axe';
import { createInterview } from '../support/interviews';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Tern');
});

const SHOTS =
  process.env.TEXT_SHOTS ?? resolve(import.meta.dirname, '..', 'screenshots');

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

test('an admin turns texts on; an invited interviewee with a phone is texted, and the comms tab and the development mailbox list the text', async ({
  page,
}) => {
  await signInAs(page, company.admin);
  await page.goto('/company-settings');
  await page.getByLabel('Send text messages').check();
  await page.getByLabel('Sender name').fill('Tern Jobs');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Company settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Send text messages')).toBeChecked();
  await expect(page.getByLabel('Sender name')).toHaveValue('Tern Jobs');
  await checkAndShoot(page, 'texts-company-settings');

  const job = await createInterview(page, `Texts ${Date.now()}`);
  const headers = await csrfHeaders(page);
  const person = (phone: string) => [
    {
      row: 1,
      user: {
        first_name: 'Zoë',
        last_name: 'Lefèvre',
        email: `zoe.${Date.now()}@example.com`,
        phone,
      },
    },
  ];
  const refused = await page.request.post(`/api/jobs/${job.id}/applications`, {
    headers,
    data: person('12345'),
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain(
    'Enter a phone number with its country code',
  );
  const added = await page.request.post(`/api/jobs/${job.id}/applications`, {
    headers,
    data: person('+33 6 12 34 56 78'),
  });
  expect(added.status(), await added.text()).toBe(201);
  const [id] = ((await added.json()) as { ids: number[] }).ids;
  const invited = await page.request.post(`/api/jobs/${job.id}/invite_all`, {
    headers,
    data: {},
  });
  expect(invited.status(), await invited.text()).toBe(200);
  // The worker sends it within a second or two (to a file: no gateway here).
  await expect
    .poll(async () => {
      const texts = await page.request.get(
        `/api/jobs/${job.id}/applications/${id}/texts`,
      );
      return ((await texts.json()) as { status: string }[])[0]?.status;
    })
    .toBe('sent');

  await page.goto(`/interviews/${job.id}/interviewee/${id}/comms`);
  const row = page.getByTestId('text-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Invitation', { exact: true })).toBeVisible();
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(row.getByText(/Hi Zoë, you are invited/)).toBeVisible();
  await expect(row.getByText(/\+33612345678/)).toBeVisible();
  await checkAndShoot(page, 'texts-comms-tab');

  // Without a gateway the development mailbox lists the text beside the e-mails.
  await page.goto('/dev/mail');
  await expect(
    page.getByRole('heading', { name: 'Text messages' }),
  ).toBeVisible();
  await expect(
    page.getByTestId('dev-text').filter({ hasText: 'Hi Zoë, you are invited' }),
  ).toHaveCount(1);
});

test('an admin writes the invitation text with a live count of characters and parts; a refused text shows "Text undelivered" on the job page', async ({
  page,
}) => {
  await signInAs(page, company.admin);
  const headers = await csrfHeaders(page);
  const on = await page.request.post('/api/settings', {
    headers,
    data: {
      name: company.name,
      support_email: '',
      account_message: '',
      account_message_style: 0,
      sms_enabled: true,
    },
  });
  expect(on.status(), await on.text()).toBe(200);

  await page.goto('/company-settings');
  await page.getByRole('link', { name: /Invitation text/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Invitation text', level: 1 }),
  ).toBeVisible();
  const count = page.getByTestId('sms-count');
  // The default, with the personal link and the stop link every text ends with.
  await expect(count).toHaveText(/^\d+ characters · [12] parts? · GSM-7$/);
  const message = page.getByLabel('Message');
  await message.fill(
    '[ORGANISATION NAME] : [FIRST NAME], votre entretien vidéo « [INTERVIEW TITLE] » vous attend jusqu’au [DEADLINE]. Comptez [DURATION] pour [QUESTION COUNT] questions.',
  );
  await expect(count).toHaveText(/ · [3-5] parts · Unicode \(UCS-2\)$/);
  await expect(page.getByText(/is not in the GSM alphabet/)).toBeVisible();
  await checkAndShoot(page, 'texts-template-editor');

  await message.fill(
    '[ORGANISATION NAME]: [FIRST NAME], your video interview for [INTERVIEW TITLE] is ready. Please answer by [DEADLINE]:',
  );
  await expect(count).toHaveText(/ · 2 parts · GSM-7$/);
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Text template saved')).toBeVisible();

  // The texts use it; a number that stopped texts is refused, and the job page says so.
  const job = await createInterview(page, `Refused texts ${Date.now()}`);
  const email = `ana.${Date.now()}@example.com`;
  const added = await page.request.post(`/api/jobs/${job.id}/applications`, {
    headers,
    data: [
      {
        row: 1,
        user: {
          first_name: 'Ana',
          last_name: 'Stop',
          email,
          phone: '+447700900456',
        },
      },
    ],
  });
  expect(added.status(), await added.text()).toBe(201);
  const [id] = ((await added.json()) as { ids: number[] }).ids;
  const invite = `/api/jobs/${job.id}/applications/${id}/invite`;
  expect(
    (await page.request.post(invite, { headers, data: {} })).status(),
  ).toBe(200);
  const texts = async () =>
    (await (
      await page.request.get(`/api/jobs/${job.id}/applications/${id}/texts`)
    ).json()) as { body: string; status: string; reason: string }[];
  const [first] = await texts();
  expect(first?.body).toMatch(
    /^[^:]+: Ana, your video interview for Refused texts \d+ is ready\. Please answer by /,
  );
  const stop = /\/t\/\S+/.exec(first?.body ?? '')?.[0] ?? '';
  const stopped = await page.request.post(stop, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: '',
  });
  expect(stopped.status()).toBe(200);
  expect(
    (await page.request.post(invite, { headers, data: {} })).status(),
  ).toBe(200);
  expect((await texts())[0]).toMatchObject({
    status: 'failed',
    reason: 'This number has opted out of text messages',
  });

  await page.goto(`/interviews/${job.id}?status=AwaitingResponse&filter=All`);
  // The row's status shows in the phone layout's cell too: the one on screen.
  const flag = page.getByText('Text undelivered').filter({ visible: true });
  await expect(flag).toBeVisible();
  await expect(flag).toHaveAttribute(
    'title',
    'This number has opted out of text messages',
  );
  await checkAndShoot(page, 'texts-job-page-undelivered');

  // And in search.
  await page
    .getByRole('banner')
    .getByRole('button', { name: 'Search' })
    .click();
  await page.getByLabel('Search for interviewees and interviews').fill(email);
  const result = page.getByRole('link', { name: /Ana Stop/ });
  await expect(result).toContainText('Text undelivered');
});
