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
import {
  createOutboxPoller,
  type OutboxPoller,
} from '../../platform/mail/outbox-poller';

// Issue 30: a French customer's interviewees get French e-mails, and their recruiters French
// templates (decision 160).
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let poller: OutboxPoller;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  poller = createOutboxPoller();
});
afterAll(async () => {
  poller.close();
  await t.close();
  await smtp.close();
});

async function signedIn(locale: string) {
  const company = await createCompany(t.db, { name: 'Boulangerie Martin' });
  const user = await createUser(t.db, { companies: [company.id] });
  await t.db
    .updateTable('users')
    .set({ locale })
    .where('id', '=', user.id)
    .execute();
  const client = t.client();
  await client.signIn(user.email, TEST_PASSWORD);
  return { company, client };
}

describe('the language of e-mails', () => {
  it('sends a French interview its invitation in French, templates and all', async () => {
    // Nobody opened the company's templates: the first invitation writes them.
    const { company, client } = await signedIn('en-gb');
    const job = await createJob(t.db, {
      company_id: company.id,
      status: 'Published',
      title: 'Boulanger',
      language: 'fr-fr',
      applicant_deadline_days: 5,
    });
    await t.db
      .insertInto('questions')
      .values({
        job_id: job.id,
        text: 'Pourquoi nous ?',
        thinking_time: 30,
        time_limit: 90,
        order: 1,
      })
      .execute();
    const app = await createApplication(t.db, {
      job_id: job.id,
      first_name: 'Amélie',
      last_name: 'Durand',
      email: 'amelie@example.fr',
    });
    const response = await client.post(
      `/api/jobs/${job.id}/applications/${app.id}/invite`,
      { invited_from_name: 'Boulangerie Martin', invite_subject: '' },
    );
    expect(response.statusCode, response.body).toBe(200);
    while ((await poller.runOnce(t.ctx)) > 0);

    const [mail] = smtp.to('amelie@example.fr');
    expect(mail?.subject).toBe(
      'Votre entretien vidéo pour le poste Boulanger chez Boulangerie Martin',
    );
    expect(mail?.html).toContain('Bonjour Amélie,');
    expect(mail?.html).toContain('Nombre de questions : 1');
    expect(mail?.html).toContain('Durée : environ 2 minutes');
    expect(mail?.html).toContain('(heure du Royaume-Uni)');
    expect(mail?.html).toContain('Commencer l’entretien');
    expect(mail?.html).toContain('Envoyé par Boulangerie Martin avec Candor.');
    expect(mail?.html).not.toMatch(/Dear|Start interview|Time needed/);
  });

  it("writes a company's templates in the language of the recruiter who opens them first", async () => {
    const french = await signedIn('fr-fr');
    const invitation = await french.client.get(
      `/api/companies/${french.company.shortname}/invitation-email`,
    );
    expect(invitation.json()).toMatchObject({
      subject:
        'Votre entretien vidéo pour le poste [INTERVIEW TITLE] chez [ORGANISATION NAME]',
      body_text: expect.stringContaining('<p>Bonjour [FIRST NAME],</p>'),
    });

    const english = await signedIn('en-gb');
    const rejection = await english.client.get(
      `/api/companies/${english.company.shortname}/rejection-email`,
    );
    expect(rejection.json()).toMatchObject({
      subject: 'Your application for [INTERVIEW TITLE]',
    });
  });

  it("previews a French interview's e-mail in French", async () => {
    const { company, client } = await signedIn('en-gb');
    const job = await createJob(t.db, {
      company_id: company.id,
      title: 'Pâtissier',
      language: 'fr-fr',
    });
    const preview = await client.post(
      `/api/companies/${company.shortname}/email-preview`,
      {
        type: 'invitation',
        subject: '[INTERVIEW TITLE]',
        body_text: '<p>Durée : environ [DURATION]</p>',
        promote_practice: true,
        job: job.id,
      },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).toContain('Durée : environ 1 minute<');
    expect(preview.json().html).toContain('Commencer l’entretien');
    expect(preview.json().html).toContain('Envie de vous entraîner d’abord ?');
  });
});
