import { expect, test, type Page } from '@playwright/test';
import { readMail, waitForMail, type CapturedMail } from '../support/mail';

const PASSWORD = 'amber-lantern-orchard-57';
const NEW_PASSWORD = 'velvet-compass-meadow-83';
const CONFIRM_SUBJECT = 'Confirm your e-mail address for Candor';

/** The link of one path in an e-mail (the button's fallback line carries it in full). */
function linkIn(mail: CapturedMail, path: string): string {
  const link = new RegExp(`https?://[^\\s/]+/${path}/[\\w-]+`).exec(
    mail.text,
  )?.[0];
  if (!link) throw new Error(`No ${path} link in: ${mail.text}`);
  return new URL(link).pathname;
}

async function fillSignup(
  page: Page,
  values: { company: string; name: string; email: string },
) {
  await page.getByLabel('Company name').fill(values.company);
  await page.getByLabel('Your name').fill(values.name);
  await page.getByLabel('Work e-mail').fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs up through the page and opens the confirmation link: the page ends signed in. */
async function signUpAndConfirm(page: Page, email: string, company: string) {
  await page.goto('/signup');
  await fillSignup(page, { company, name: 'Morgan Reyes', email });
  await expect(
    page.getByRole('heading', { name: 'Check your inbox' }),
  ).toBeVisible();
  const mail = await waitForMail(
    (m) => m.to.includes(email) && m.subject === CONFIRM_SUBJECT,
  );
  await page.goto(linkIn(mail, 'verify-email'));
  await expect(page).toHaveURL(/\/interviews$/);
}

test.describe('accounts', () => {
  test('a new company signs up, confirms its e-mail and creates an interview', async ({
    page,
  }) => {
    const stamp = Date.now();
    const email = `founder.${stamp}@signup.example`;
    const company = `Tidewater ${stamp}`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page).toHaveTitle('Create an account - Candor');
    await fillSignup(page, { company, name: 'Morgan Reyes', email });
    await expect(
      page.getByRole('heading', { name: 'Check your inbox' }),
    ).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await waitForMail(
      (m) => m.to.includes(email) && m.subject === CONFIRM_SUBJECT,
    );

    // Before the link is opened, sign-in says to confirm, and sends the link again.
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByText('A new link is on its way.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect
      .poll(
        () =>
          readMail().filter(
            (m) => m.to.includes(email) && m.subject === CONFIRM_SUBJECT,
          ).length,
      )
      .toBe(2);
    const [older, newer] = readMail().filter(
      (m) => m.to.includes(email) && m.subject === CONFIRM_SUBJECT,
    );
    if (!older || !newer) throw new Error('Two confirmation e-mails expected');

    // The first link was replaced by the second.
    await page.goto(linkIn(older, 'verify-email'));
    await expect(
      page.getByRole('heading', { name: 'This link no longer works' }),
    ).toBeVisible();
    await page.goto(linkIn(newer, 'verify-email'));
    await expect(page).toHaveURL(/\/interviews$/);
    await expect(page.getByTestId('header-company')).toHaveText(company);
    await expect(page.getByText('No interviews here yet')).toBeVisible();

    // The company's first interview.
    const title = `Deckhand ${stamp}`;
    await page
      .getByRole('link', { name: 'Create new interview' })
      .first()
      .click();
    await page.getByRole('link', { name: /Start from scratch/ }).click();
    await expect(page).toHaveURL(/\/create\/details$/);
    await page.getByPlaceholder('Give your interview a title').fill(title);
    await page.getByRole('button', { name: 'Add questions' }).click();
    await expect(page).toHaveURL(/\/create\/\d+\/add-questions$/);
    await page.goto('/interviews');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  });

  test('a forgotten password is reset through the e-mailed link, which signs the other session out', async ({
    page,
    browser,
    baseURL,
  }) => {
    const stamp = Date.now();
    const email = `forgetful.${stamp}@signup.example`;
    // Signed in before the reset, on another device.
    const elsewhere = await browser.newContext({ baseURL });
    const before = await elsewhere.newPage();
    await signUpAndConfirm(before, email, `Saltmarsh ${stamp}`);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      page.getByText(/If an account uses .* we have sent a link/),
    ).toBeVisible();

    const mail = await waitForMail(
      (m) =>
        m.to.includes(email) &&
        m.subject === 'Choose a new password for Candor',
    );
    await page.goto(linkIn(mail, 'reset-password'));
    await expect(
      page.getByRole('heading', { name: 'Choose a new password' }),
    ).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveValue(email);
    await page.getByLabel('New password', { exact: true }).fill('password12');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(
      page.getByText(/too common or too easy to guess/),
    ).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page).toHaveURL(/\/interviews$/);
    await expect(page.getByTestId('header-company')).toHaveText(
      `Saltmarsh ${stamp}`,
    );

    // The session made before the reset is gone: its next page asks to sign in.
    await before.goto('/account');
    await expect(before).toHaveURL(/\/login\?next=%2Faccount$/);
    await before.getByLabel('E-mail address').fill(email);
    await before.getByLabel('Password').fill(NEW_PASSWORD);
    await before.getByRole('button', { name: 'Sign in' }).click();
    await expect(before).toHaveURL(/\/account$/);
    await elsewhere.close();
  });
});
