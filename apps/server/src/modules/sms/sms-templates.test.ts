import { SMS_TEMPLATE_MAX_PARTS, type SmsText } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';

let t: TestApp;
let admin: TestClient;
let member: TestClient;
let stranger: TestClient;
let companyId: number;
let path: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db, { name: 'Acme' });
  companyId = company.id;
  path = `/api/companies/${company.shortname}/invitation-sms`;
  const signIn = async (companies: number[], role?: 'member') => {
    const user = await createUser(t.db, {
      companies,
      ...(role ? { role } : {}),
    });
    const client = t.client();
    await client.signIn(user.email, TEST_PASSWORD);
    return client;
  };
  admin = await signIn([company.id]);
  member = await signIn([company.id], 'member');
  stranger = await signIn([(await createCompany(t.db)).id]);
});
afterAll(async () => {
  await t.close();
});

describe('a company’s text templates', () => {
  it('start as the default, with what every text ends with for the count', async () => {
    const response = await admin.get(path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'invitation',
      is_default: true,
      body_text:
        '[ORGANISATION NAME]: Hi [FIRST NAME], you are invited to a video interview for [INTERVIEW TITLE]. Please answer by [DEADLINE]:',
      organisation_name: 'Acme',
      interview_link: expect.stringMatching(/\/i\/SAMPLE1234$/),
      stop_link: expect.stringMatching(/\/t\/1234567-[\w-]{12}$/),
    });
  });

  it('are saved by an admin and read by a member', async () => {
    const saved = await admin.put(path, {
      body_text: '  [ORGANISATION NAME]: [FIRST NAME], your interview awaits  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      body_text: '[ORGANISATION NAME]: [FIRST NAME], your interview awaits',
      is_default: false,
    });
    const read = await member.get(path);
    expect(read.statusCode).toBe(200);
    expect(read.json().body_text).toBe(
      '[ORGANISATION NAME]: [FIRST NAME], your interview awaits',
    );
  });

  it('are the admins’ only: a member gets 403, another company 404', async () => {
    const body = { body_text: 'Hello' };
    const refused = await member.put(path, body);
    expect(refused.statusCode).toBe(403);
    expect((await member.delete(path)).statusCode).toBe(403);
    expect((await stranger.put(path, body)).statusCode).toBe(404);
    expect((await stranger.get(path)).statusCode).toBe(404);
  });

  it.each([
    ['', 'Enter the text of the message.'],
    ['   ', 'Enter the text of the message.'],
    [
      'a'.repeat(153 * SMS_TEMPLATE_MAX_PARTS),
      `A text may take at most ${SMS_TEMPLATE_MAX_PARTS} parts: shorten the message.`,
    ],
    [
      'a'.repeat(2000),
      `A text may take at most ${SMS_TEMPLATE_MAX_PARTS} parts: shorten the message.`,
    ],
  ])(
    'refuses bad text %# with a message the page shows',
    async (text, message) => {
      const response = await admin.put(path, { body_text: text });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.body_text).toEqual([message]);
    },
  );

  it('go back to the default', async () => {
    const response = await admin.delete(path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().is_default).toBe(true);
  });
});

describe('the texts sent', () => {
  async function invite(title: string, language: string) {
    const job = await createJob(t.db, {
      company_id: companyId,
      status: 'Published',
      title,
      language,
      deadline: new Date('2030-01-10T17:00:00Z'),
      applicant_deadline_days: null,
    });
    const application = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Zoë',
      last_name: 'Martin',
      phone: '+447911123400',
    });
    const response = await admin.post(
      `/api/jobs/${job.id}/applications/${application.id}/invite`,
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
    const texts = await admin.get(
      `/api/jobs/${job.id}/applications/${application.id}/texts`,
    );
    return (texts.json() as SmsText[])[0]?.body ?? '';
  }

  it('use the company’s template when set, the default in the interview’s language otherwise', async () => {
    await t.db
      .updateTable('companies')
      .set({ sms_enabled: true })
      .where('id', '=', companyId)
      .execute();
    expect(await invite('Barista', 'fr-fr')).toMatch(
      /^Acme: Bonjour Zoë, vous êtes invité\(e\) à un entretien vidéo pour Barista\. Répondez avant le 10 janv 17:00 \(R\.-U\.\) : http\S+\/i\/\w+\nArrêter les SMS : http\S+\/t\/\S+$/,
    );
    const saved = await admin.put(path, {
      body_text:
        '[FULL NAME], [INTERVIEW TITLE] at [ORGANISATION NAME] by [DEADLINE]',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await invite('Chef', 'fr-fr')).toMatch(
      /^Zoë Martin, Chef at Acme by 10 janv 17:00 \(R\.-U\.\) http\S+\/i\/\w+\nArrêter les SMS : /,
    );
  });
});
