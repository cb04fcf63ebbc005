import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import {
  createOutboxPoller,
  type OutboxPoller,
} from '../../platform/mail/outbox-poller';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let poller: OutboxPoller;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'interviews@candor.test',
  });
  poller = createOutboxPoller();
});
afterAll(async () => {
  poller.close();
  await t.close();
  await smtp.close();
});

async function companyWithMember(): Promise<{
  company: Awaited<ReturnType<typeof createCompany>>;
  client: TestClient;
}> {
  const company = await createCompany(t.db, { name: 'Lantern & Co' });
  const user = await createUser(t.db, { companies: [company.id] });
  const client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
  return { company, client };
}

const settingsOf = (company: { name: string }) => ({
  name: company.name,
  support_email: '',
  account_message: '',
  account_message_style: 0,
});

describe('the brand colour (decision 198)', () => {
  it('is saved in lower case, cleared by an empty value, and refused when malformed with a message', async () => {
    const { company, client } = await companyWithMember();
    const saved = await client.post('/api/settings', {
      ...settingsOf(company),
      brand_color: ' #1D4ED8',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().brand_color).toBe('#1d4ed8');

    for (const bad of ['blue', '#1d4ed', '1d4ed8', '#1d4ed8ff', 0x1d4ed8, []]) {
      const refused = await client.post('/api/settings', {
        ...settingsOf(company),
        brand_color: bad,
      });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toMatchObject({
        message:
          'Enter a colour as # and six hexadecimal digits, like #1d4ed8.',
        fields: {
          brand_color: [
            'Enter a colour as # and six hexadecimal digits, like #1d4ed8.',
          ],
        },
      });
    }
    expect((await client.get('/api/settings')).json().brand_color).toBe(
      '#1d4ed8',
    );
    // Saving the other settings without it keeps it.
    await client.post('/api/settings', settingsOf(company));
    expect((await client.get('/api/settings')).json().brand_color).toBe(
      '#1d4ed8',
    );
    const cleared = await client.post('/api/settings', {
      ...settingsOf(company),
      brand_color: '',
    });
    expect(cleared.json().brand_color).toBeNull();
  });

  it('reaches the candidate’s pages and the invitation e-mail, in a shade that reads on white', async () => {
    const { company, client } = await companyWithMember();
    // A pale yellow: white text on it would fail, so buttons and links take a darker shade.
    await client.post('/api/settings', {
      ...settingsOf(company),
      brand_color: '#fde047',
    });
    const job = await createJob(t.db, {
      company_id: company.id,
      status: 'Published',
    });
    await t.db
      .insertInto('questions')
      .values({
        job_id: job.id,
        text: 'Why us?',
        thinking_time: 0,
        time_limit: 60,
        order: 0,
      })
      .execute();
    const application = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Ines',
      email: 'ines.lantern@example.com',
    });
    const interview = await t
      .client()
      .get(`/api/interviewee/${application.token}`);
    expect(interview.statusCode).toBe(200);
    expect(interview.json().company).toEqual({
      name: 'Lantern & Co',
      logo: null,
      brand_color: '#fde047',
    });

    const invited = await client.post(
      `/api/jobs/${job.id}/applications/${application.id}/invite`,
      {},
    );
    expect(invited.statusCode, invited.body).toBe(200);
    while ((await poller.runOnce(t.ctx)) > 0);
    const [mail] = smtp.to('ines.lantern@example.com');
    expect(mail?.html).toContain('border-top:6px solid #fde047');
    // The button's background: the shade, never the pale colour itself.
    const button =
      /<td style="border-radius:8px;background:(#[0-9a-f]{6})">/.exec(
        String(mail?.html),
      )?.[1];
    expect(button).toBeDefined();
    expect(button).not.toBe('#fde047');
  });
});
