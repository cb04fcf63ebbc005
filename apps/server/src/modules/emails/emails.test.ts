import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplication,
  createCompany,
  createJob,
  createUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { signedInClient } from '../../../test/reviewing-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';
import { createOutboxPoller } from '../../platform/mail/outbox-poller';
import { enqueueFinishEmail } from './completion-email';

// No SMTP_URL: e-mails become .eml files under DATA_DIR/mail/.
let t: TestApp;
let client: TestClient;
let company: Awaited<ReturnType<typeof createCompany>>;
beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db, {
    name: 'Northwind Hotels',
    shortname: 'northwind-test',
  });
  const user = await createUser(t.db, { companies: [company.id] });
  client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

describe('default e-mails', () => {
  it.each(['invitation', 'completion', 'rejection'])(
    'creates the %s e-mail with good defaults on first read',
    async (type) => {
      const response = await client.get(
        `/api/companies/${company.shortname}/${type}-email`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        type,
        from_name: 'Northwind Hotels',
        reply_to_email: '',
        promote_practice: false,
        sender_choices: ['Northwind Hotels'],
        body_text: expect.stringContaining('[FIRST NAME]'),
      });
      if (type === 'completion')
        expect(response.json().body_text).toContain('[FEEDBACK LINK]');
    },
  );

  it('saves a template, sanitising the message, and checks sender and reply-to', async () => {
    const job = await createJob(t.db, { company_id: company.id });
    const reviewer = await createUser(t.db, {
      firstName: 'Rita',
      lastName: 'Review',
    });
    await t.db
      .insertInto('reviewers')
      .values({ job_id: job.id, user_id: reviewer.id, account_status: 1 })
      .execute();
    const system = await createUser(t.db, {
      firstName: 'System',
      lastName: 'Bot',
    });
    await t.db
      .updateTable('users')
      .set({ is_system: true })
      .where('id', '=', system.id)
      .execute();
    await t.db
      .insertInto('reviewers')
      .values({ job_id: job.id, user_id: system.id, account_status: 1 })
      .execute();

    const url = `/api/companies/${company.shortname}/invitation-email`;
    expect((await client.get(url)).json().sender_choices).toEqual([
      'Northwind Hotels',
      'Rita Review',
    ]);
    const bad = await client.put(url, {
      body_text: '<p>x</p>',
      from_name: 'Someone Else',
      reply_to_email: '',
      promote_practice: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('from_name');
    const badReply = await client.put(url, {
      body_text: '<p>x</p>',
      from_name: 'Rita Review',
      reply_to_email: 'nope',
      promote_practice: false,
    });
    expect(badReply.statusCode).toBe(400);

    const saved = await client.put(url, {
      subject: 'Join us, [FIRST NAME]',
      body_text:
        '<p onclick="x()">Hello [FIRST NAME]<img src=x onerror=alert(1)></p>',
      from_name: 'Rita Review',
      reply_to_email: 'rita@northwind.example',
      promote_practice: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      subject: 'Join us, [FIRST NAME]',
      body_text: '<p>Hello [FIRST NAME]</p>',
      from_name: 'Rita Review',
      reply_to_email: 'rita@northwind.example',
      promote_practice: true,
    });
  });

  it('previews with the sample values: deadline in 3 days, 5 questions, 10 minutes', async () => {
    const response = await client.post(
      `/api/companies/${company.shortname}/email-preview`,
      {
        type: 'invitation',
        subject: '[INTERVIEW TITLE]',
        body_text:
          '<p>[QUESTION COUNT] questions, [DURATION], by [DEADLINE]. [FEEDBACK LINK]</p>',
        promote_practice: true,
      },
    );
    expect(response.statusCode).toBe(200);
    const { html, subject } = response.json();
    expect(subject).toBe('Customer Service Advisor');
    expect(html).toContain('5 questions, 10 minutes, by ');
    expect(html).toContain('Field error: [FEEDBACK LINK]');
    expect(html).toContain('Start interview');
    expect(html).toContain('Want to practise first?');
  });

  it("previews an interview's own e-mail step with its title, questions and duration", async () => {
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Night porter',
      deadline: new Date('2099-03-02T17:00:00Z'),
    });
    await t.db
      .insertInto('questions')
      .values([
        {
          job_id: job.id,
          text: 'Why nights?',
          thinking_time: 30,
          time_limit: 60,
        },
        {
          job_id: job.id,
          text: 'A hard guest?',
          thinking_time: 0,
          time_limit: 60,
        },
      ])
      .execute();
    const preview = (job: number) =>
      client.post(`/api/companies/${company.shortname}/email-preview`, {
        type: 'invitation',
        subject: 'Your interview for [INTERVIEW TITLE]',
        body_text:
          '<p>Dear [FIRST NAME], [QUESTION COUNT] questions, about [DURATION], by [DEADLINE].</p>',
        job,
      });
    const response = await preview(job.id);
    expect(response.statusCode, response.body).toBe(200);
    const { html, subject } = response.json();
    expect(subject).toBe('Your interview for Night porter');
    // 30 + 60 + 0 + 60 seconds: the same "about 3 minutes" as the welcome page.
    expect(html).toContain(
      'Dear Jamie, 2 questions, about 3 minutes, by Monday, 2 March 2099 at 17:00 (UK time).',
    );
    const other = await createJob(t.db, {
      company_id: (await createCompany(t.db)).id,
    });
    expect((await preview(other.id)).statusCode).toBe(404);
  });

  it("answers 404 for another company's templates", async () => {
    const other = await createCompany(t.db);
    expect(
      (await client.get(`/api/companies/${other.shortname}/invitation-email`))
        .statusCode,
    ).toBe(404);
    expect(
      (await client.get('/api/companies/no-such-company/rejection-email'))
        .statusCode,
    ).toBe(404);
    const put = await client.put(
      `/api/companies/${other.shortname}/invitation-email`,
      {
        body_text: 'x',
        from_name: 'x',
        reply_to_email: '',
        promote_practice: false,
      },
    );
    expect(put.statusCode).toBe(404);
  });
});

describe('without SMTP: .eml files and the dev mail page', () => {
  it('lists and opens the e-mails of a server whose PUBLIC_URL is an IP address', async () => {
    const ip = await createTestApp({ PUBLIC_URL: 'http://127.0.0.1:4123' });
    try {
      const own = await createCompany(ip.db);
      const owner = await createUser(ip.db, { companies: [own.id] });
      const job = await createJob(ip.db, { company_id: own.id });
      const app = await createApplication(ip.db, {
        job_id: job.id,
        email: 'ida@example.com',
      });
      await ip.db.transaction().execute((trx) =>
        enqueueFinishEmail(trx, ip.ctx.config, {
          applicationId: app.id,
          type: 'completion',
        }),
      );
      const poller = createOutboxPoller();
      expect(await poller.runOnce(ip.ctx)).toBe(1);
      poller.close();
      const viewer = await signedInClient(ip, owner.id);
      const [listed] = (await viewer.get('/api/dev/mail')).json().results;
      expect(listed).toMatchObject({ to: 'ida@example.com' });
      expect(listed.name).toMatch(/-outbox-\d+_127\.0\.0\.1\.eml$/);
      const opened = await viewer.get(`/api/dev/mail/${listed.name}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('http://127.0.0.1:4123/feedback/');
    } finally {
      await ip.close();
    }
  });

  it('writes the completion e-mail with its feedback link as an .eml file and lists it', async () => {
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Night porter',
    });
    const app = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Lou',
      email: 'lou@example.com',
    });
    await t.db.transaction().execute((trx) =>
      enqueueFinishEmail(trx, t.ctx.config, {
        applicationId: app.id,
        type: 'completion',
      }),
    );
    const poller = createOutboxPoller();
    expect(await poller.runOnce(t.ctx)).toBe(1);
    poller.close();

    const folder = join(t.dataDir, 'mail');
    const files = readdirSync(folder).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(folder, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: lou@example\.com$/m);
    expect(eml).toContain(
      'Thank you for completing your interview for Night porter',
    );
    expect(eml.replace(/=\r?\n/g, '')).toContain(
      `/feedback/${job.id}/${app.token}`,
    );

    const list = await client.get('/api/dev/mail');
    expect(list.json().results).toMatchObject([
      { name: files[0], to: 'lou@example.com' },
    ]);
    // Opened, it reads as the message: headers and the decoded body, in a sandbox.
    const opened = await client.get(`/api/dev/mail/${files[0]}`);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(opened.body).toContain('lou@example.com');
    expect(opened.body).toContain(
      'Thank you for completing your interview for Night porter',
    );
    expect(opened.body).toContain(`/feedback/${job.id}/${app.token}`);
    expect(opened.body).not.toMatch(/=\r?\n/);
    expect(
      (await client.get('/api/dev/mail/..%2Fsigning-secret')).statusCode,
    ).toBe(400);
  });
});
