import { expect, test, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { csrfHeaders, signIn, signInThroughForm } from '../support/auth';
import {
  createCompany,
  joinCompany,
  signInAs,
  signUpCompany,
  type TestCompany,
  type TestPerson,
} from '../support/company';

const header = (page: Page) => page.getByRole('banner');
const companyInHeader = (page: Page) => page.getByTestId('header-company');

/** Signs in, then opens a page of this suite (the interview list belongs to another suite). */
async function signInTo(
  page: Page,
  who: string | TestPerson,
  path = '/account',
) {
  if (typeof who === 'string') await signIn(page, who);
  else await signInAs(page, who);
  await page.goto(path);
}

// The account and company settings these tests change are a company's of their own; the demo
// accounts are only signed in to.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Umberleigh');
});

test.describe('the app shell', () => {
  test('signing in shows the header with the current company', async ({
    page,
  }) => {
    await signInThroughForm(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/interviews$/);
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    for (const link of [
      'Interviews',
      'Content',
      'Marketplace',
      'Reports',
      'Help',
    ]) {
      await expect(nav.getByRole('link', { name: link })).toBeVisible();
    }
    await expect(companyInHeader(page)).toHaveText('Acme Recruitment');
  });

  test('a wrong password shows the server message and stays on the login page', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your e-mail address')).toBeVisible();
    await page.getByLabel('E-mail address').fill('admin@demo.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'The e-mail address or password is not right.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Sign in - Candor');
  });

  test('a signed-out visitor is sent to sign in and returns afterwards', async ({
    page,
  }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
    await page.getByLabel('E-mail address').fill('hiring@demo.test');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(
      page.getByRole('heading', { name: 'My account' }),
    ).toBeVisible();
  });

  test('a reviewer has no navigation links, search or company account', async ({
    page,
  }) => {
    await signInTo(page, 'reviewer@demo.test');
    await expect(
      page.getByRole('heading', { name: 'My account' }),
    ).toBeVisible();
    await expect(
      header(page).getByRole('link', { name: 'Interviews' }),
    ).toHaveCount(0);
    await page.getByRole('button', { name: 'Open account menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Account' });
    await expect(
      drawer.getByRole('link', { name: /My account/ }),
    ).toBeVisible();
    await expect(
      drawer.getByRole('link', { name: /Company account/ }),
    ).toHaveCount(0);
  });

  test('the account drawer opens and closes with Escape', async ({ page }) => {
    await signInTo(page, 'admin@demo.test');
    await page.getByRole('button', { name: 'Open account menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Account' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // Focus returns to the button that opened it.
    await expect(
      page.getByRole('button', { name: 'Open account menu' }),
    ).toBeFocused();
  });

  test('switching company in the account drawer changes the current company', async ({
    page,
    browser,
  }) => {
    // Someone who works in two companies: they signed up one and joined the other.
    const first = await signUpCompany(page.request, 'Harbour');
    const other = await browser.newContext();
    const second = await signUpCompany(other.request, 'Lighthouse');
    await joinCompany(page.request, first.admin, other.request, second);
    await other.close();
    const back = await page.request.post(`/company/change/${first.id}`, {
      headers: await csrfHeaders(page),
    });
    expect(back.status(), await back.text()).toBe(200);

    await page.goto('/account');
    await expect(companyInHeader(page)).toHaveText(first.name);
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: second.name })
      .click();
    await expect(companyInHeader(page)).toHaveText(second.name);

    // And back: the drawer switches either way.
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: first.name })
      .click();
    await expect(companyInHeader(page)).toHaveText(first.name);
  });

  test('logout ends the session', async ({ page }) => {
    await signInThroughForm(page, 'hiring@demo.test');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?next=/);
  });
});

test.describe('errors and languages', () => {
  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(
      page.getByRole('heading', { name: 'Page not found' }),
    ).toBeVisible();
    await expect(page.getByText('This page could not be found.')).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByRole('link', { name: 'Home page' })).toHaveAttribute(
      'href',
      '/interviews',
    );
  });

  test('a lang value other than en-gb or fr-fr shows the 404 page', async ({
    page,
  }) => {
    await page.goto('/login?lang=xx');
    await expect(
      page.getByRole('heading', { name: 'Page not found' }),
    ).toBeVisible();
    // Also where a signed-out visitor would otherwise be sent to sign in.
    await page.goto('/account?lang=de-de');
    await expect(
      page.getByRole('heading', { name: 'Page not found' }),
    ).toBeVisible();
    await expect(page.getByText('This page could not be found.')).toBeVisible();
  });

  test('?lang=fr-fr shows the French interface', async ({ page }) => {
    await page.goto('/login?lang=fr-fr');
    await expect(
      page.getByRole('heading', { name: 'Connexion à Candor' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(page).toHaveTitle('Connexion - Candor');
  });

  test("the account's locale applies after signing in", async ({ page }) => {
    await signInTo(page, company.admin);
    await page.getByLabel('Language').selectOption('fr-fr');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('heading', { name: 'Mon compte' }),
    ).toBeVisible();
    // The confirmation speaks the language just chosen.
    await expect(page.getByText('Compte enregistré').first()).toBeVisible();
    await page.reload();
    await expect(
      header(page).getByRole('link', { name: 'Entretiens' }),
    ).toBeVisible();

    await page.getByLabel('Langue').selectOption('en-gb');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      page.getByRole('heading', { name: 'My account' }),
    ).toBeVisible();
  });
});

test.describe('settings', () => {
  test('editing the account shows the new name in the header', async ({
    page,
  }) => {
    await signInTo(page, company.admin);
    const firstName = page.getByLabel('First name');
    const original = await firstName.inputValue();

    await firstName.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();

    await firstName.fill('Jordan');
    await page.getByLabel('Daily summary').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Account saved').first()).toBeVisible();
    await expect(header(page).getByText(/^Jordan /)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Jordan');
    await expect(page.getByLabel('Daily summary')).toBeChecked();

    await page.getByLabel('First name').fill(original);
    await page.getByLabel('Daily summary').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Account saved').first()).toBeVisible();
  });

  test('company settings: details, account message and logo', async ({
    page,
  }) => {
    await signInTo(page, company.admin, '/company-settings');
    await expect(
      page.getByRole('heading', { name: 'Company settings' }),
    ).toBeVisible();
    const original = {
      support: await page.getByLabel('Support e-mail').inputValue(),
      message: await page.getByLabel('Message', { exact: true }).inputValue(),
    };

    await page.getByLabel('Support e-mail').fill('talent@acme.test');
    await page
      .getByLabel('Message', { exact: true })
      .fill('Invoices are overdue: please contact billing.');
    await page.getByLabel('Style').selectOption('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText('Company settings saved').first(),
    ).toBeVisible();
    await expect(page.getByTestId('account-message')).toHaveText(
      'Invoices are overdue: please contact billing.',
    );
    await expect(
      page.getByRole('link', { name: 'Contact us' }),
    ).toHaveAttribute('href', 'mailto:talent@acme.test');

    await page
      .locator('#logo-file')
      .setInputFiles(resolve(import.meta.dirname, '../fixtures/logo.png'));
    await expect(page.getByText('Logo updated')).toBeVisible();
    const logo = page.getByTestId('company-logo');
    await expect(logo).toHaveAttribute('src', /\/media\/logo\/[^?]+\?v=\d+/);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(120);

    // A file that is not an image is refused with the server's message.
    await page.locator('#logo-file').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really an image'),
    });
    await expect(
      page.getByText('The logo must be a PNG, JPEG, GIF or WebP image.'),
    ).toBeVisible();

    await page.getByLabel('Support e-mail').fill(original.support);
    await page.getByLabel('Message', { exact: true }).fill(original.message);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText('Company settings saved').first(),
    ).toBeVisible();
  });

  test('the API refuses a change without the CSRF header', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    const refused = await page.request.post('/api/settings', {
      data: { name: 'Nope' },
    });
    expect(refused.status()).toBe(403);
    const allowed = await page.request.get('/api/settings', {
      headers: await csrfHeaders(page),
    });
    expect(allowed.ok()).toBe(true);
  });
});

test.describe('public pages', () => {
  test('terms and privacy are readable without signing in', async ({
    page,
  }) => {
    await page.goto('/terms');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms of use' }),
    ).toBeVisible();
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy policy' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Privacy policy' }),
    ).toBeVisible();
    await expect(page.getByText(/How long we keep it/)).toBeVisible();
  });
});
