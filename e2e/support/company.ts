import { randomInt } from 'node:crypto';
import {
  expect,
  request as newRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { csrfHeadersOf, rememberSession, signIn } from './auth';
import { waitForMail } from './mail';
import { E2E_PORT } from './ports';

/** The password of every account the specs make for themselves. */
export const TEST_PASSWORD = 'tidal-quarry-lantern-84';

export type TestPerson = {
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  password: string;
};

export type TestCompany = {
  id: number;
  shortname: string;
  name: string;
  admin: TestPerson;
};

const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
let made = 0;

/** Unique across the run's workers: the process, the moment and a count. */
function uniqueId(): string {
  made += 1;
  return `${process.pid.toString(36)}${Date.now().toString(36)}${made}`;
}

/** A person of this run; the address is unique, so the shared mailbox finds their mail alone. */
export function testPerson(first: string, last: string): TestPerson {
  return {
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    email: `${first}.${last}.${uniqueId()}@people.example`.toLowerCase(),
    password: TEST_PASSWORD,
  };
}

/**
 * Sign-ups are limited to 10 an hour per client address, and applications through a public
 * link to 10 a minute; the e2e server believes X-Forwarded-For from loopback (TRUST_PROXY in
 * playwright.config.ts), so each company the specs make, and each candidate who applies, comes
 * from an address of its own in the benchmarking range (decision 161).
 */
export function clientAddress(): string {
  return `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** The path of the link to `path` in the first e-mail to `email` that carries one. */
async function linkMailedTo(email: string, path: string): Promise<string> {
  const pattern = new RegExp(`/${path}/[\\w-]+`);
  const mail = await waitForMail(
    (message) => message.to.includes(email) && pattern.test(message.text),
  );
  return pattern.exec(mail.text)?.[0] ?? '';
}

/**
 * A company of its own, named `prefix` and a unique suffix (a prefix no page uses as a heading
 * or label of its own), signed up and confirmed through the API as the sign-up page does.
 * `request` ends signed in as its admin (a page's `page.request` signs the page in).
 */
export async function signUpCompany(
  request: APIRequestContext,
  prefix: string,
  admin: TestPerson = testPerson('Alex', 'Founder'),
): Promise<TestCompany> {
  const name = `${prefix} ${uniqueId()}`;
  const started = await request.post('/api/signup', {
    headers: {
      ...(await csrfHeadersOf(request)),
      'X-Forwarded-For': clientAddress(),
    },
    data: {
      company_name: name,
      full_name: admin.full_name,
      email: admin.email,
      password: admin.password,
      locale: 'en-gb',
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const link = await linkMailedTo(admin.email, 'verify-email');
  const confirmed = await request.post(`/api${link}`, {
    headers: await csrfHeadersOf(request),
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const user = await (await request.get('/api/user')).json();
  const company = user.current_company as {
    id: number;
    shortname: string;
    name: string;
  };
  return {
    id: company.id,
    shortname: company.shortname,
    name: company.name,
    admin,
  };
}

/**
 * A company for one spec file (call it in `beforeAll`): made in a context of its own, with the
 * admin's session kept so that `signInAs(page, company.admin)` resumes it instead of signing in
 * again.
 */
export async function createCompany(
  browser: Browser,
  prefix: string,
): Promise<TestCompany> {
  const context = await browser.newContext();
  try {
    const company = await signUpCompany(context.request, prefix);
    rememberSession(company.admin.email, await context.cookies());
    return company;
  } finally {
    await context.close();
  }
}

/** The company's admin (`admin` is signed in as one) invites `person`; returns the /join link. */
async function inviteToCompany(
  admin: APIRequestContext,
  company: TestCompany,
  person: TestPerson,
  role: 'member' | 'admin',
): Promise<string> {
  const invited = await admin.post(
    `/api/companies/${company.shortname}/members`,
    {
      headers: await csrfHeadersOf(admin),
      data: {
        first_name: person.first_name,
        last_name: person.last_name,
        email: person.email,
        role,
      },
    },
  );
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  return linkMailedTo(person.email, 'join');
}

/** A colleague in the company, joined from the e-mailed link with a name and password of their own. */
export async function addMember(
  admin: APIRequestContext,
  company: TestCompany,
  options: { first: string; last: string; role: 'member' | 'admin' },
): Promise<TestPerson> {
  const person = testPerson(options.first, options.last);
  const link = await inviteToCompany(admin, company, person, options.role);
  const newcomer = await newRequest.newContext({ baseURL: BASE_URL });
  try {
    const joined = await newcomer.post(`/api${link}`, {
      headers: await csrfHeadersOf(newcomer),
      data: {
        first_name: person.first_name,
        last_name: person.last_name,
        password: person.password,
      },
    });
    expect(joined.status(), await joined.text()).toBe(200);
  } finally {
    await newcomer.dispose();
  }
  return person;
}

/**
 * Someone who already holds an account (`member`, signed in as `person`) joins a second company
 * as a member, from its admin's invitation. The account then works in `company`.
 */
export async function joinCompany(
  member: APIRequestContext,
  person: TestPerson,
  admin: APIRequestContext,
  company: TestCompany,
): Promise<void> {
  const link = await inviteToCompany(admin, company, person, 'member');
  const joined = await member.post(`/api${link}`, {
    headers: await csrfHeadersOf(member),
    data: {},
  });
  expect(joined.status(), await joined.text()).toBe(200);
}

/**
 * A reviewer's account (no company of their own, like the demo reviewer): added to an
 * interview's panel by its company (`admin` signed in), invited, and given a password from the
 * e-mailed link.
 */
export async function addReviewer(
  admin: APIRequestContext,
  jobId: number,
  options: { first: string; last: string },
): Promise<TestPerson> {
  const person = testPerson(options.first, options.last);
  const headers = await csrfHeadersOf(admin);
  const added = await admin.post(`/api/jobs/${jobId}/reviewers`, {
    headers,
    data: {
      first_name: person.first_name,
      last_name: person.last_name,
      email: person.email,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const sent = await admin.post(
    `/api/jobs/${jobId}/reviewers/${(await added.json()).id}/invite`,
    { headers },
  );
  expect(sent.status(), await sent.text()).toBe(200);
  const link = await linkMailedTo(person.email, 'reviewer-invite');
  const reviewer = await newRequest.newContext({ baseURL: BASE_URL });
  try {
    const accepted = await reviewer.post(`/api${link}`, {
      headers: await csrfHeadersOf(reviewer),
      data: { password: person.password },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  } finally {
    await reviewer.dispose();
  }
  return person;
}

/** Signs a page in as one of the specs' own people (see signIn). */
export async function signInAs(page: Page, person: TestPerson): Promise<void> {
  await signIn(page, person.email, person.password);
}
