import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { expectNoViolations, VIEWPORTS, waitForContent } from '../support/axe';

// The interviews this spec makes are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Glenrock');
});

// Screenshots for people to look at, outside the shared folder of the other specs.
const SHOTS = process.env.WEBHOOK_SHOTS ?? '/tmp/hooks-shots';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A real endpoint on 127.0.0.1 that keeps what it is sent (the server allows loopback in tests). */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/candor-hooks`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('an admin registers an endpoint, sees a delivery in the log, and redelivers it', async ({
  page,
}) => {
  const receiver = await startReceiver();
  const run = Date.now();
  await signInAs(page, company.admin);
  await page.goto('/company-settings');
  mkdirSync(SHOTS, { recursive: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await waitForContent(page);
    await page.screenshot({
      path: join(SHOTS, `company-settings-${viewport.name}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await page.getByRole('link', { name: /Webhooks/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Webhooks', level: 1 }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Add an endpoint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add an endpoint' });
  await dialog.getByLabel('Endpoint URL').fill(receiver.url);
  await dialog.getByRole('button', { name: 'Add the endpoint' }).click();
  await expect(dialog.getByText('Choose at least one event')).toBeVisible();
  await dialog.getByLabel('Description').fill(`ATS ${run}`);
  await dialog.getByLabel('Interviewee added').check();
  await dialog.getByRole('button', { name: 'Add the endpoint' }).click();
  const added = page.getByRole('dialog', { name: 'Endpoint added' });
  const secret = await added.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.screenshot({ path: join(SHOTS, 'webhooks-secret-1440x900.png') });
  await added.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: new RegExp(`ATS ${run}`) });
  await expect(row.getByText('On', { exact: true })).toBeVisible();

  // An interviewee added to an interview: the worker sends application.created.
  const headers = await csrfHeaders(page);
  const job = await page.request.post('/api/jobs', {
    headers,
    data: { company: company.shortname, title: `Webhook check ${run}` },
  });
  expect(job.ok(), await job.text()).toBe(true);
  const jobId = ((await job.json()) as { id: number }).id;
  const applicant = await page.request.post(`/api/jobs/${jobId}/applications`, {
    headers,
    data: {
      user: {
        first_name: 'Wendy',
        last_name: 'Hook',
        email: `wendy.${run}@example.test`,
      },
    },
  });
  expect(applicant.ok(), await applicant.text()).toBe(true);
  await expect
    .poll(() => receiver.received.length, { timeout: 20_000 })
    .toBe(1);
  const first = receiver.received[0];
  expect(JSON.parse(first?.body ?? '{}')).toMatchObject({
    type: 'application.created',
    data: { first_name: 'Wendy', last_name: 'Hook' },
  });
  expect(first?.headers['webhook-signature']).toMatch(/^v1,/);

  // The log (it refreshes by itself) shows the delivery and the receiver's answer.
  await row.getByRole('button', { name: 'Deliveries' }).click();
  const log = page.getByRole('table', { name: 'Delivery log' });
  const line = log.getByRole('row', { name: /application\.created/ });
  await expect(
    line.getByRole('cell', { name: 'Delivered', exact: true }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(line.getByRole('cell', { name: /200 · \d+ ms/ })).toBeVisible();
  await line.getByText('Details').click();
  await expect(line.getByText('thanks')).toBeVisible();

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await waitForContent(page);
    await expectNoViolations(page, `Webhooks at ${viewport.name}`);
    await page.screenshot({
      path: join(SHOTS, `webhooks-${viewport.name}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);

  await line
    .getByRole('button', { name: 'Redeliver application.created' })
    .click();
  await expect(page.getByText('Queued to be sent again')).toBeVisible();
  await expect
    .poll(() => receiver.received.length, { timeout: 20_000 })
    .toBe(2);
  expect(receiver.received[1]?.headers['webhook-id']).toBe(
    first?.headers['webhook-id'],
  );
  await expect(
    log.getByRole('row', { name: /application\.created/ }),
  ).toHaveCount(2, { timeout: 15_000 });
  await receiver.close();
});
