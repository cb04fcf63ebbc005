import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { createSmsPoller } from './sms-poller';

let t: TestApp;
let client: TestClient;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db, { name: 'Acme' });
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

it('without a gateway, development writes each text to DATA_DIR/sms/ and the dev mail page lists it', async () => {
  const saved = await client.post('/api/settings', {
    name: 'Acme',
    support_email: '',
    account_message: '',
    account_message_style: 0,
    sms_enabled: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const job = await createJob(t.db, {
    company_id: companyId,
    status: 'Published',
    title: 'Barista',
    deadline: new Date(Date.now() + 3 * 86_400_000),
  });
  const application = await createApplication(t.db, {
    job_id: job.id,
    first_name: 'Anna',
    phone: '+447911123456',
  });
  const invited = await client.post(
    `/api/jobs/${job.id}/applications/${application.id}/invite`,
    {},
  );
  expect(invited.statusCode, invited.body).toBe(200);

  const poller = createSmsPoller();
  expect(await poller.runOnce(t.ctx)).toBe(1);
  await poller.close();

  const folder = join(t.dataDir, 'sms');
  const [file, ...others] = readdirSync(folder);
  expect(others).toEqual([]);
  const written = readFileSync(join(folder, file ?? ''), 'utf8');
  expect(written).toContain('To: +447911123456\nFrom: Acme\n');
  expect(written).toContain('Acme: Hi Anna, you are invited');

  const listed = await client.get('/api/dev/sms');
  expect(listed.statusCode).toBe(200);
  expect(listed.json().results).toEqual([
    expect.objectContaining({
      to: '+447911123456',
      status: 'sent',
      body: expect.stringContaining(`/i/${application.shortcode}`),
    }),
  ]);
  expect(written).toContain(listed.json().results[0].body);
});
