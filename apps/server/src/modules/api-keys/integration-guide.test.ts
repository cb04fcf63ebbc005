import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createKey } from '../../../test/api-key-fixtures';
import { createCompany, createJob, createUser } from '../../../test/factories';
import { signedInClient } from '../../../test/reviewing-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const GUIDE = resolve(
  import.meta.dirname,
  '../../../../../docs/integrations.md',
);

type Command = {
  method: 'GET' | 'POST';
  url: string;
  body: string | undefined;
  withKey: boolean;
};

/** The guide's curl commands, in order: the `sh` blocks that call the API. */
function guideCommands(): Command[] {
  const text = readFileSync(GUIDE, 'utf8');
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map(
    (m) => m[1] ?? '',
  );
  return blocks
    .map((block) => block.replace(/\\\n\s*/g, ' ').trim())
    .filter((command) => command.startsWith('curl'))
    .map((command) => {
      const url = /"\$(?:CANDOR_URL|VIDEO_URL)[^"]*"/.exec(command)?.[0];
      if (!url) throw new Error(`No URL in: ${command}`);
      return {
        method: /-X (GET|POST)/.exec(command)?.[1] === 'POST' ? 'POST' : 'GET',
        url: url.slice(1, -1),
        body: /-d '([^']*)'/.exec(command)?.[1],
        withKey: command.includes('Authorization: Bearer $CANDOR_KEY'),
      };
    });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('the integration guide works as written, with a write key', async () => {
  // A shared template with two questions, and a company whose admin made a key.
  const templates = await createCompany(t.db, { is_templates: true });
  const template = await createJob(t.db, {
    company_id: templates.id,
    title: 'Customer support template',
    status: 'Published',
    applicant_deadline_days: 7,
  });
  await t.db
    .insertInto('questions')
    .values([
      {
        job_id: template.id,
        text: 'Why support?',
        order: 0,
        thinking_time: 30,
        time_limit: 120,
      },
      {
        job_id: template.id,
        text: 'A hard customer?',
        order: 1,
        thinking_time: 30,
        time_limit: 120,
      },
    ])
    .execute();
  const company = await createCompany(t.db);
  const admin = await createUser(t.db, { companies: [company.id] });
  const adminClient = await signedInClient(t, admin.id);
  const key = await createKey(t, {
    admin: adminClient,
    shortname: company.shortname,
    scope: 'write',
    name: 'Greenhouse',
  });

  const vars: Record<string, string> = {
    CANDOR_URL: '',
    CANDOR_KEY: key.secret,
  };
  const run = async (command: Command) => {
    const url = command.url.replace(/\$([A-Z_]+)/g, (_, name: string) => {
      const value = vars[name];
      if (value === undefined) throw new Error(`$${name} is not set yet`);
      return value;
    });
    const response = await t.app.inject({
      method: command.method,
      url,
      headers: {
        ...(command.withKey ? { authorization: `Bearer ${key.secret}` } : {}),
        ...(command.body !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
      },
      payload: command.body,
    });
    expect(
      response.statusCode,
      `${command.method} ${url}: ${response.body}`,
    ).toBeLessThan(300);
    return response;
  };

  const commands = guideCommands();
  const expected = [
    'GET $CANDOR_URL/api/jobs?company=templates',
    'POST $CANDOR_URL/api/jobs/$TEMPLATE/copy',
    'GET $CANDOR_URL/api/jobs/$JOB/questions',
    'POST $CANDOR_URL/api/jobs/$JOB/publish',
    'POST $CANDOR_URL/api/jobs/$JOB/applications',
    'POST $CANDOR_URL/api/jobs/$JOB/invite_all',
    'GET $CANDOR_URL/api/jobs/$JOB/applications?status=Reviewed',
    'GET $CANDOR_URL/api/jobs/$JOB/applications/$APPLICATION',
    'GET $CANDOR_URL/api/jobs/$JOB/reviews?application=$APPLICATION',
    'GET $CANDOR_URL/api/jobs/$JOB/comments?application=$APPLICATION',
    'GET $CANDOR_URL/api/jobs/$JOB/answers?application=$APPLICATION',
    'GET $VIDEO_URL',
  ];
  expect(commands.map((c) => `${c.method} ${c.url}`)).toEqual(expected);
  const step = (index: number): Command => {
    const command = commands[index];
    if (!command) throw new Error(`The guide lost step ${index + 1}.`);
    return command;
  };
  const listTemplates = step(0);
  const copy = step(1);
  const questions = step(2);
  const publish = step(3);
  const addCandidates = step(4);
  const invite = step(5);
  const listCandidates = step(6);
  const readCandidate = step(7);
  const readReviews = step(8);
  const readComments = step(9);
  const readAnswers = step(10);
  const fetchVideo = step(11);

  // 1. An interview from the template.
  const found = (await run(listTemplates)).json<{
    results: { id: number; title: string }[];
  }>();
  vars.TEMPLATE = String(
    found.results.find((job) => job.title === template.title)?.id,
  );
  const job = (await run(copy)).json<{
    id: number;
    status: string;
    title: string;
  }>();
  expect(job).toMatchObject({ status: 'Draft', title: template.title });
  vars.JOB = String(job.id);
  expect((await run(questions)).json<{ count: number }>().count).toBe(2);
  expect((await run(publish)).json()).toMatchObject({ status: 'Published' });

  // 2. Candidates, 3. invited.
  const added = (await run(addCandidates)).json<{
    added: number;
    ids: number[];
  }>();
  expect(added.added).toBe(2);
  vars.APPLICATION = String(added.ids[0]);
  expect((await run(invite)).json()).toEqual({ queued: 2, skipped: 0 });
  const mails = await t.db
    .selectFrom('outbox')
    .select('to_email')
    .where('job_id', '=', job.id)
    .execute();
  expect(mails.map((m) => m.to_email).sort()).toEqual([
    'ada@example.com',
    'alan@example.com',
  ]);

  // Ada answers (her recording stored as the worker leaves it), then the admin rates and comments.
  const applicationId = Number(vars.APPLICATION);
  const videoKey = `companies/${company.id}/videos/${randomUUID()}.mp4`;
  const videoBytes = Buffer.from('an mp4 answer, as stored');
  await t.ctx.storage.put(videoKey, videoBytes, 'video/mp4');
  const [question] = await t.db
    .selectFrom('questions')
    .selectAll()
    .where('job_id', '=', job.id)
    .orderBy('order')
    .execute();
  if (!question) throw new Error('The copy has questions.');
  await t.db
    .insertInto('answers')
    .values({
      application_id: applicationId,
      question_id: question.id,
      question_text: question.text,
      status: 'ready',
      video_key: videoKey,
      duration_seconds: 42,
    })
    .execute();
  await t.db
    .updateTable('applications')
    .set({
      responded_at: new Date(),
      consented_at: new Date(),
      answer_count: 1,
    })
    .where('id', '=', applicationId)
    .execute();
  const rated = await adminClient.post(`/api/jobs/${job.id}/reviews`, {
    application: applicationId,
    rating: 4,
  });
  expect(rated.statusCode).toBe(201);
  const commented = await adminClient.post(`/api/jobs/${job.id}/comments`, {
    application: applicationId,
    comment: 'Clear and kind.',
  });
  expect(commented.statusCode).toBe(201);

  // 4. Results, ratings and comments.
  const list = (await run(listCandidates)).json<{
    results: { id: number; stage: string }[];
  }>();
  expect(list.results.find((row) => row.id === applicationId)?.stage).toBe(
    'Reviewed',
  );
  expect((await run(readCandidate)).json()).toMatchObject({
    id: applicationId,
    average_review: { review_average: 4 },
  });
  expect((await run(readReviews)).json()).toEqual([
    expect.objectContaining({ application: applicationId, rating: 4 }),
  ]);
  expect((await run(readComments)).json()).toEqual([
    expect.objectContaining({ comment: 'Clear and kind.' }),
  ]);

  // 5. The answer's video, by its signed link alone.
  const answers = (await run(readAnswers)).json<{
    results: { video: { url: string; duration: number | null } | null }[];
  }>();
  const video = answers.results[0]?.video;
  expect(video?.duration).toBe(42);
  vars.VIDEO_URL =
    new URL(video?.url ?? '', 'http://localhost').pathname +
    new URL(video?.url ?? '', 'http://localhost').search;
  const file = await run(fetchVideo);
  expect(file.rawPayload).toEqual(videoBytes);

  // Each request is in the key's log for the admins.
  const log = await adminClient.get(
    `/api/companies/${company.shortname}/api-keys/requests`,
  );
  expect(log.json<{ results: unknown[] }>().results).toHaveLength(11);
});
