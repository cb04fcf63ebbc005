import { expect, test } from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { createInterview, personalLink } from '../support/interviews';
import { waitForMail } from '../support/mail';
import { E2E_PORT } from '../support/ports';
import { SHOTS } from '../support/screenshots';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Elmstead');
});

// This server sends over SMTP, so its development mailbox has nothing written to files.
test('the development mailbox page opens for a company user', async ({
  page,
}) => {
  await signInAs(page, company.admin);
  await page.goto('/dev/mail');
  await expect(
    page.getByRole('heading', { name: 'Development mailbox' }),
  ).toBeVisible();
  await expect(page.getByText('No e-mails written yet')).toBeVisible();
});

/*
 * The e2e server's PUBLIC_URL is already an IP address (http://127.0.0.1:<port>,
 * playwright.config.ts). It sends over SMTP, so the mailbox's two routes are answered here with
 * a real invitation the test SMTP server caught: the page lists it, opens it in a new tab, and
 * its links point at the IP the server was given.
 */
test('the development mailbox lists and opens a mail when PUBLIC_URL is an IP address', async ({
  page,
}) => {
  const origin = `http://127.0.0.1:${E2E_PORT}`;
  await signInAs(page, company.admin);
  const job = await createInterview(page, `Mailbox check ${Date.now()}`);
  const email = `mailbox-${Date.now()}@example.com`;
  const link = await personalLink(page.request, job.shortcode, {
    first_name: 'Mina',
    last_name: 'Okafor',
    email,
  });
  const mail = await waitForMail((message) => message.to.includes(email));
  const name = '000001-invitation.eml';
  await page.route('**/api/dev/mail', (route) =>
    route.fulfill({
      json: {
        results: [
          {
            name,
            size: mail.html.length,
            created_at: mail.receivedAt,
            to: email,
            subject: mail.subject,
          },
        ],
      },
    }),
  );
  await page
    .context()
    .route(`**/api/dev/mail/${name}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: mail.html }),
    );

  for (const [size, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/dev/mail');
    const row = page.getByRole('row', { name: new RegExp(mail.subject) });
    await expect(row).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dev-mail-${size}.png` });
  }

  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Open' }).click();
  const message = await opened;
  await expect(message).toHaveURL(`${origin}/api/dev/mail/${name}`);
  const hrefs = await message
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs).toContain(`${origin}${link}`);
  // No link falls back to a host name the server was not given.
  expect(hrefs.filter((href) => href.includes('localhost'))).toEqual([]);
});
