import type { SmsText } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { startProviderDouble } from '../../../test/sms-provider-double';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { loadConfig } from '../../config';
import { createSmsPoller } from './sms-poller';

let provider: Awaited<ReturnType<typeof startProviderDouble>>;
let t: TestApp;
let admin: TestClient;
let companyId: number;

beforeAll(async () => {
  provider = await startProviderDouble({
    account: 'AC123',
    token: 'auth-token',
    refuse: ['+447911222339'],
  });
  t = await createTestApp({
    SMS_HTTP_URL: provider.url,
    SMS_HTTP_ACCOUNT: 'AC123',
    SMS_HTTP_TOKEN: 'auth-token',
  });
  const company = await createCompany(t.db, { name: 'Acme' });
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  admin = t.client();
  await admin.signIn(user.email, TEST_PASSWORD);
  const saved = await admin.post('/api/settings', {
    name: 'Acme',
    support_email: '',
    account_message: '',
    account_message_style: 0,
    sms_enabled: true,
    sms_sender_name: 'Acme Jobs',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function textsOf(jobId: number, applicationId: number) {
  return (
    await admin.get(`/api/jobs/${jobId}/applications/${applicationId}/texts`)
  ).json() as SmsText[];
}

async function invited(phones: string[]) {
  const job = await createJob(t.db, {
    company_id: companyId,
    status: 'Published',
    title: 'Support Lead',
    deadline: new Date(Date.now() + 3 * 86_400_000),
  });
  const applications = [];
  for (const [index, phone] of phones.entries())
    applications.push(
      await createApplication(t.db, {
        job_id: job.id,
        first_name: index === 0 ? 'Anna' : 'Zoë',
        phone,
      }),
    );
  expect(
    (await admin.post(`/api/jobs/${job.id}/invite_all`, {})).json(),
  ).toEqual({ queued: phones.length, skipped: 0 });
  return { job, applications };
}

const sendCallback = (callback: ReturnType<typeof provider.callback>) =>
  t.client().request('POST', new URL(callback.url).pathname, {
    csrf: false,
    payload: callback.body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': callback.signature,
    },
  });

describe('texts through an HTTP provider in Twilio’s shape', () => {
  it('posts the documented form with Basic auth, and the signed status callbacks mark texts delivered or not', async () => {
    const { job, applications } = await invited([
      '+447911123456',
      '+33612345678',
    ]);
    const [anna, zoe] = applications;
    const before = provider.requests.length;
    const poller = createSmsPoller();
    expect(await poller.runOnce(t.ctx)).toBe(2);
    await poller.close();

    const sent = provider.requests.slice(before);
    expect(sent.map((request) => request.fields.To).sort()).toEqual([
      '+33612345678',
      '+447911123456',
    ]);
    for (const request of sent) {
      expect(request.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(request.authorization).toBe(
        `Basic ${Buffer.from('AC123:auth-token').toString('base64')}`,
      );
      expect(request.fields.From).toBe('Acme Jobs');
      expect(request.fields.StatusCallback).toBe(
        'http://localhost:3000/api/sms/status',
      );
      expect(request.fields.Body).toMatch(/\nReply STOP to opt out$/);
    }
    const sentTo = (to: string) => {
      const request = sent.find((each) => each.fields.To === to);
      if (!request) throw new Error(`Nothing was sent to ${to}`);
      return request;
    };
    const toAnna = sentTo('+447911123456');
    const toZoe = sentTo('+33612345678');
    expect(toAnna.fields.Body).toContain('Acme: Hi Anna, you are invited');
    expect(toZoe.fields.Body).toContain('Acme: Hi Zoë, you are invited');
    const [annaText] = await textsOf(job.id, anna?.id ?? 0);
    expect(annaText).toMatchObject({ status: 'sent', to: '+447911123456' });
    expect(annaText?.body).toBe(toAnna.fields.Body);

    // A callback that the provider did not sign changes nothing.
    const forged = provider.callback(toAnna, 'delivered');
    const refused = await sendCallback({ ...forged, signature: 'AAAA' });
    expect(refused.statusCode).toBe(403);
    expect((await textsOf(job.id, anna?.id ?? 0))[0]?.status).toBe('sent');

    expect((await sendCallback(forged)).statusCode).toBe(204);
    expect(
      (await sendCallback(provider.callback(toZoe, 'undelivered', '30003')))
        .statusCode,
    ).toBe(204);
    expect((await textsOf(job.id, anna?.id ?? 0))[0]?.status).toBe('delivered');
    expect((await textsOf(job.id, zoe?.id ?? 0))[0]).toMatchObject({
      status: 'failed',
      reason: 'Not delivered: undelivered (error 30003)',
    });
  });

  it('keeps the provider’s refusal as the reason and does not try again', async () => {
    const { job, applications } = await invited(['+447911222339']);
    const poller = createSmsPoller();
    await poller.runOnce(t.ctx);
    expect(await poller.runOnce(t.ctx)).toBe(0);
    await poller.close();
    expect((await textsOf(job.id, applications[0]?.id ?? 0))[0]).toMatchObject({
      status: 'failed',
      reason:
        "The SMS provider refused the text: The 'To' number +447911222339 is not a valid phone number. (code 21211)",
    });
  });

  it('needs the account and token with the URL, and only one gateway', () => {
    expect(() => loadConfig({ SMS_HTTP_URL: 'https://api.example' })).toThrow(
      'SMS_HTTP_URL: SMS_HTTP_ACCOUNT and SMS_HTTP_TOKEN are needed with it',
    );
    expect(() =>
      loadConfig({
        SMS_HTTP_URL: 'https://api.example',
        SMS_HTTP_ACCOUNT: 'AC1',
        SMS_HTTP_TOKEN: 'x',
        SMS_SMPP_URL: 'smpp://a:b@host:2775',
      }),
    ).toThrow('set SMS_SMPP_URL or SMS_HTTP_URL, not both');
  });
});
