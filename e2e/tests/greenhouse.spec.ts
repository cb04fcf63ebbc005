import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { expectNoViolations, VIEWPORTS, waitForContent } from '../support/axe';
import { createInterview, makeTake, sendTake } from '../support/interviews';
import { readMail, waitForMail } from '../support/mail';
import { SHOTS } from '../support/screenshots';

let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Greenfield');
});

test('an admin turns Greenhouse on, hands over the key shown once, sees its calls, and turns it off', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, company.admin);
  const title = `Greenhouse test ${Date.now()}`;
  const job = await createInterview(page, title);
  await page.goto('/company-settings');
  await page.getByRole('link', { name: /Greenhouse/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Greenhouse', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on' }).click();
  const key = await page.getByTestId('greenhouse-key').inputValue();
  expect(key).toMatch(/^cgh_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  // Greenhouse, from outside the browser: HTTP Basic, the key as username and no password.
  const greenhouse = await apiRequest.newContext({
    baseURL,
    extraHTTPHeaders: {
      Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    },
  });
  const tests = await greenhouse.get('/api/integrations/greenhouse/list_tests');
  expect(tests.status(), await tests.text()).toBe(200);
  expect(await tests.json()).toContainEqual({
    partner_test_id: String(job.id),
    partner_test_name: title,
  });
  const email = `hpotter.${Date.now()}@example.test`;
  const sent = await greenhouse.post('/api/integrations/greenhouse/send_test', {
    data: {
      partner_test_id: String(job.id),
      candidate: {
        first_name: 'Harry',
        last_name: 'Potter',
        email,
        greenhouse_profile_url:
          'https://app.greenhouse.io/people/17681532?application_id=26234709',
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // Added and invited as from the job page, and tagged as sent by Greenhouse.
  await page.goto(`/interviews/${job.id}?status=AwaitingResponse&filter=All`);
  const harry = page.getByTestId('applicant-row').filter({ hasText: email });
  await expect(harry.getByText('From Greenhouse')).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expect(harry.getByText('From Greenhouse').first()).toBeVisible();
    await page.screenshot({
      path: join(SHOTS, `greenhouse-tag-${viewport.name}.png`),
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/company-settings/integrations/greenhouse');

  // Seen once: after a reload the page holds only the key's start, and lists the calls.
  await page.reload();
  expect(await page.content()).not.toContain(key);
  await expect(page.getByText(key.slice(0, 10))).toBeVisible();
  const calls = page.getByRole('table', { name: 'Recent calls' });
  await expect(
    calls.getByRole('row', { name: /send_test.*200/ }),
  ).toBeVisible();
  await expect(
    calls.getByRole('row', { name: /list_tests.*200/ }),
  ).toBeVisible();

  const ratings = page.getByLabel('Send ratings back to Greenhouse');
  // The box shows the choice at once; the reload waits for the server to have it.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      response.url().endsWith('/integrations/greenhouse'),
  );
  await ratings.check();
  expect((await saved).status()).toBe(200);
  await expect(ratings).toBeChecked();
  await page.reload();
  await expect(
    page.getByLabel('Send ratings back to Greenhouse'),
  ).toBeChecked();

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await waitForContent(page);
    await expectNoViolations(page, `Greenhouse at ${viewport.name}`);
    await page.screenshot({
      path: join(SHOTS, `greenhouse-${viewport.name}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);

  await page.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  const refused = await greenhouse.get(
    '/api/integrations/greenhouse/list_tests',
  );
  expect(refused.status()).toBe(401);
  await greenhouse.dispose();
});

type Patch = { method: string; path: string; headers: IncomingHttpHeaders };

/** Greenhouse's side of the PATCH: a real endpoint on 127.0.0.1 (the server allows loopback in tests). */
async function startGreenhouse() {
  const received: Patch[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
      });
      response.writeHead(200);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/integrations/testing_partners/take_home_tests/12345`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const asGreenhouse = (baseURL: string | undefined, key: string) =>
  apiRequest.newContext({
    baseURL,
    extraHTTPHeaders: {
      Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    },
  });

/** The candidate opens the e-mailed link and answers every question, as the recorder sends them. */
async function answerAll(request: APIRequestContext, link: string) {
  const interviewPath = await (
    await request.get(link, { headers: { accept: 'text/plain' } })
  ).text();
  const consent = await request.post(`${interviewPath}/consent`, {
    data: { consent: true },
  });
  expect(consent.status(), await consent.text()).toBe(200);
  const interview = await (await request.get(interviewPath)).json();
  const take = makeTake({ size: '320x240', rate: 10, seconds: 2 });
  for (const questionId of interview.question_ids as number[]) {
    const started = await request.post(
      `${interviewPath}/questions/${questionId}/answer`,
      { data: { content_type: 'video/quicktime', size: 0 } },
    );
    expect(started.status(), await started.text()).toBe(200);
    await sendTake(request, await started.json(), take);
    const completed = await request.post(
      `${interviewPath}/questions/${questionId}/answer/complete`,
    );
    expect(completed.status(), await completed.text()).toBe(200);
  }
}

test('Greenhouse, played from its document: tests listed, one sent twice invites once, the candidate answers, the PATCH comes and test_status agrees', async ({
  page,
  baseURL,
  browser,
}) => {
  await signInAs(page, company.admin);
  const title = `Greenhouse journey ${Date.now()}`;
  const job = await createInterview(page, title);
  const turnedOn = await page.request.post(
    `/api/companies/${company.shortname}/integrations/greenhouse`,
    { headers: await csrfHeaders(page) },
  );
  expect(turnedOn.status(), await turnedOn.text()).toBe(201);
  const { key } = (await turnedOn.json()) as { key: string };
  const receiver = await startGreenhouse();
  const greenhouse = await asGreenhouse(baseURL, key);

  const tests = await greenhouse.get('/api/integrations/greenhouse/list_tests');
  expect(await tests.json()).toContainEqual({
    partner_test_id: String(job.id),
    partner_test_name: title,
  });
  const email = `ginny.${Date.now()}@example.test`;
  const body = {
    partner_test_id: String(job.id),
    candidate: {
      first_name: 'Ginny',
      last_name: 'Weasley',
      email,
      phone_number: '123-456-7890',
      resume_url: null,
      greenhouse_profile_url: `https://app.greenhouse.io/people/1?application_id=${Date.now()}`,
    },
    url: receiver.url,
  };
  const first = await greenhouse.post(
    '/api/integrations/greenhouse/send_test',
    {
      data: body,
    },
  );
  expect(first.status(), await first.text()).toBe(200);
  const again = await greenhouse.post(
    '/api/integrations/greenhouse/send_test',
    {
      data: body,
    },
  );
  const id = ((await first.json()) as { partner_interview_id: string })
    .partner_interview_id;
  expect(await again.json()).toEqual({ partner_interview_id: id });

  // One invitation, with the candidate's link; the candidate opens it in a browser.
  const mail = await waitForMail((message) => message.to.includes(email));
  const link = /\/i\/\w+/.exec(mail.text)?.[0] ?? '';
  expect(link).not.toBe('');
  const candidate = await browser.newContext();
  const candidatePage = await candidate.newPage();
  await candidatePage.goto(link);
  await expect(candidatePage.getByText(title).first()).toBeVisible();
  await answerAll(candidatePage.request, link);
  await candidate.close();
  // One invitation for the two calls (the thank-you for answering may have come too).
  expect(
    readMail().filter(
      (message) =>
        message.to.includes(email) &&
        message.subject.startsWith('Your video interview'),
    ),
  ).toHaveLength(1);

  // The worker PATCHes the URL Greenhouse gave, with the key; test_status then says complete.
  await expect
    .poll(() => receiver.received.length, { timeout: 30_000 })
    .toBe(1);
  expect(receiver.received[0]).toMatchObject({
    method: 'PATCH',
    path: '/integrations/testing_partners/take_home_tests/12345',
    headers: {
      authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    },
  });
  const status = await greenhouse.get(
    `/api/integrations/greenhouse/test_status?partner_interview_id=${id}`,
  );
  const reply = (await status.json()) as {
    partner_status: string;
    partner_profile_url: string;
    metadata: Record<string, unknown>;
  };
  expect(reply.partner_status).toBe('complete');
  expect(reply.partner_profile_url).toMatch(
    new RegExp(`/interviews/${job.id}/interviewee/\\d+$`),
  );
  expect(reply.partner_profile_url).not.toContain(link);
  expect(typeof reply.metadata['Completed At']).toBe('string');

  // Another company's key sees none of it.
  const other = await createCompany(browser, 'Otherfield');
  const otherPage = await browser.newPage();
  await signInAs(otherPage, other.admin);
  const otherKey = (await (
    await otherPage.request.post(
      `/api/companies/${other.shortname}/integrations/greenhouse`,
      { headers: await csrfHeaders(otherPage) },
    )
  ).json()) as { key: string };
  const stranger = await asGreenhouse(baseURL, otherKey.key);
  expect(
    JSON.stringify(
      await (
        await stranger.get('/api/integrations/greenhouse/list_tests')
      ).json(),
    ),
  ).not.toContain(title);
  expect(
    (
      await stranger.get(
        `/api/integrations/greenhouse/test_status?partner_interview_id=${id}`,
      )
    ).status(),
  ).toBe(404);
  await otherPage.close();
  await stranger.dispose();
  await greenhouse.dispose();
  await receiver.close();
});
