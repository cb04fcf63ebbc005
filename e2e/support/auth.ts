import { expect, type Cookie, type Page } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { E2E_PORT } from './ports';

export const DEMO_PASSWORD = 'demo-password';

// Sign-ins are rate-limited per account (10 a minute), and the whole run signs in as the same
// demo users many times: reuse a session while the server still accepts it.
const SESSIONS_FILE = resolve(
  import.meta.dirname,
  `../.data/sessions-${E2E_PORT}.json`,
);

function savedSessions(): Record<string, Cookie[]> {
  if (!existsSync(SESSIONS_FILE)) return {};
  return JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as Record<
    string,
    Cookie[]
  >;
}

async function resumeSession(page: Page, email: string): Promise<boolean> {
  const cookies = savedSessions()[email];
  if (!cookies) return false;
  await page.context().addCookies(cookies);
  const reply = await page.request.get('/login/ajax');
  const { status } = (await reply.json()) as { status: string };
  if (status === 'Logged in') return true;
  await page.context().clearCookies();
  return false;
}

/** Signs in (through the login page unless a live session for this user exists) and opens /interviews. */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  if (password === DEMO_PASSWORD && (await resumeSession(page, email))) {
    await page.goto('/interviews');
    return;
  }
  await signInThroughForm(page, email, password);
  if (password === DEMO_PASSWORD) {
    writeFileSync(
      SESSIONS_FILE,
      JSON.stringify({
        ...savedSessions(),
        [email]: await page.context().cookies(),
      }),
    );
  }
}

/** Always uses the login form (for tests of signing in itself). */
export async function signInThroughForm(
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
