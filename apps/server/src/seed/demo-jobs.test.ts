import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts';
import { seedDemoJobs } from './demo-jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.db);
  await seedDemoJobs(t.db);
});
afterAll(() => t.close());

it('gives each demo company interviews in every status and a set of templates', async () => {
  const client = t.client();
  await client.signIn('admin@demo.test', DEMO_PASSWORD);
  const jobs = (await client.get('/api/jobs?page_size=50')).json();
  const statuses = new Set(
    jobs.results.map((job: { status: string }) => job.status),
  );
  expect(statuses).toEqual(new Set(['Draft', 'Published', 'Archived']));
  for (const job of jobs.results)
    expect(job.question_count).toBeGreaterThanOrEqual(3);
  const templates = (
    await client.get('/api/jobs?company=templates&page_size=6')
  ).json();
  expect(templates.count).toBeGreaterThanOrEqual(6);
  const first = templates.results[0];
  const copy = await client.post(`/api/jobs/${first.id}/copy`);
  expect(copy.json()).toMatchObject({
    status: 'Draft',
    question_count: first.question_count,
  });
});
