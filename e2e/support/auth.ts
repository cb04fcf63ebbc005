import {
  expect,
  type APIRequestContext,
  type Cookie,
  type Page,
} from '@playwright/test';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { E2E_PORT } from './ports';

export const DEMO_PASSWORD = 'demo-password';

// Sign-ins are rate-limited per account (10 a minute), and the whole run signs in as the same
// demo users many times, and as each spec's own admin once per test: reuse a session while the
// server still accepts it. Shared by the parallel workers, so written whole or not at all.
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

/** Keeps a signed-in account's cookies for the next `signIn` of the same account. */
export function rememberSession(email: string, cookies: Cookie[]): void {
  const partial = `${SESSIONS_FILE}.${process.pid}.partial`;
  writeFileSync(
    partial,
    JSON.stringify({ ...savedSessions(), [email]: cookies }),
  );
  renameSync(partial, SESSIONS_FILE);
}

/** Signs in (through the login page unless a live session for this user exists) and opens /interviews. */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  // Whoever the page was signed in as before, it is this account's now.
  await page.context().clearCookies();
  if (await resumeSession(page, email)) {
    await page.goto('/interviews');
    return;
  }
  await signInThroughForm(page, email, password);
  rememberSession(email, await page.context().cookies());
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

/**
 * Headers for changes through an API context (a page's `page.request`, or one of its own): the
 * API refuses changes without the CSRF token.
 */
export async function csrfHeadersOf(
  request: APIRequestContext,
): Promise<Record<string, string>> {
  const token = async () =>
    (await request.storageState()).cookies.find(
      (cookie) => cookie.name === 'csrftoken',
    )?.value;
  if (!(await token())) await request.get('/login/ajax');
  return { 'X-CSRFToken': (await token()) ?? '' };
}

/** Headers for `page.request.post(...)`: the API refuses changes without the CSRF token. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  return csrfHeadersOf(page.request);
}
