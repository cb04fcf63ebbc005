import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

/** Signs in through the login page and waits until the app has left it. */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Headers for `page.request.post(...)`: the API refuses changes without the CSRF token. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  let token = (await page.context().cookies()).find(
    (cookie) => cookie.name === 'csrftoken',
  )?.value;
  if (!token) {
    await page.request.get('/login/ajax');
    token = (await page.context().cookies()).find(
      (cookie) => cookie.name === 'csrftoken',
    )?.value;
  }
  return { 'X-CSRFToken': token ?? '' };
}
