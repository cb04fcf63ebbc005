import { EMAIL_TYPES, STAGES } from '@candor/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts';
import { seedDemoApplicants } from './demo-applicants';
import { seedDemoJobs } from './demo-jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.db);
  await seedDemoJobs(t.db);
  await seedDemoApplicants(t.db);
});
afterAll(() => t.close());

describe('demo applicants', () => {
  it('puts interviewees in every stage of each published demo interview, and seeds default e-mails', async () => {
    const client = t.client();
    await client.signIn('admin@demo.test', DEMO_PASSWORD);
    const jobs = await t.db
      .selectFrom('jobs')
      .innerJoin('companies', 'companies.id', 'jobs.company_id')
      .select('jobs.id')
      .where('companies.shortname', '=', 'acme')
      .where('jobs.status', '=', 'Published')
      .execute();
    const jobId = jobs[0]?.id;
    expect(jobId).toBeDefined();
    const list = (
      await client.get(`/api/jobs/${jobId}/applications?status=ToInvite`)
    ).json();
    for (const stage of STAGES)
      expect(list.stages[stage], stage).toBeGreaterThan(0);
    const labels = new Set<string>();
    for (const stage of STAGES) {
      const page = (
        await client.get(`/api/jobs/${jobId}/applications?status=${stage}`)
      ).json();
      for (const row of page.results) labels.add(row.status_label.text);
    }
    expect([...labels].sort()).toEqual(
      [
        'Awaiting response',
        'Email undelivered',
        'Expired',
        'Not reviewed',
        'Not yet invited',
        'Reviewed',
        'Successful',
        'Unsuccessful',
        'Withdrawn',
      ].sort(),
    );
    const emails = await t.db
      .selectFrom('default_emails')
      .select(['company_id', 'type'])
      .execute();
    // Each demo company has every kind of default e-mail.
    const companies = new Set(emails.map((email) => email.company_id));
    expect(emails.length).toBe(companies.size * EMAIL_TYPES.length);
    expect(companies.size).toBe(2);
  });
});
