import type { KnockoutAction } from '@candor/domain';
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

// Issue 41 (decision 192): text and multiple-choice answers with knockout options.
let t: TestApp;
let recruiter: TestClient;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  const user = await createUser(t.db, { companies: [company.id] });
  recruiter = t.client();
  await recruiter.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const api = (token: string, rest = '') => `/api/interviewee/${token}${rest}`;

const RIGHT_TO_WORK = {
  text: 'Do you have the right to work in the UK?',
  answer_type: 'choice',
  options: [{ text: 'Yes' }, { text: 'No', knockout: true }],
};
const SHIFTS = {
  text: 'Which shifts can you work?',
  answer_type: 'choice',
  multiple: true,
  options: [{ text: 'Mornings' }, { text: 'Evenings' }, { text: 'Nights' }],
};
const MOTIVATION = {
  text: 'Why do you want this job?',
  answer_type: 'text',
  max_characters: 40,
};

/** A published interview with these questions, made through the API, and an invited applicant. */
async function interviewWith(
  questions: object[],
  job: { knockout_action?: KnockoutAction } = {},
) {
  const created = await createJob(t.db, {
    company_id: companyId,
    title: 'Warehouse operative',
    status: 'Published',
    deadline: new Date(Date.now() + 7 * 86_400_000),
    ...job,
  });
  const replies = [];
  for (const question of questions) {
    const reply = await recruiter.post(
      `/api/jobs/${created.id}/questions`,
      question,
    );
    expect(reply.statusCode, reply.body).toBe(201);
    replies.push(reply.json());
  }
  const application = await createApplication(t.db, {
    job_id: created.id,
    invited_at: new Date(),
    consented_at: new Date(),
  });
  return { job: created, questions: replies, application };
}

const optionId = (
  question: { options: { id: number; text: string }[] },
  text: string,
) => question.options.find((option) => option.text === text)?.id ?? -1;

describe('authoring text and choice questions', () => {
  it('stores each type with its settings, numbers options, and refuses bad ones', async () => {
    const { job, questions } = await interviewWith([RIGHT_TO_WORK, MOTIVATION]);
    const [choice, text] = questions;
    expect(choice).toMatchObject({
      answer_type: 'choice',
      multiple: false,
      max_characters: null,
      thinking_time: 0,
      time_limit: 0,
      options: [
        { id: 1, text: 'Yes', knockout: false },
        { id: 2, text: 'No', knockout: true },
      ],
    });
    expect(text).toMatchObject({
      answer_type: 'text',
      max_characters: 40,
      options: [],
      time_limit: 0,
    });
    const url = `/api/jobs/${job.id}/questions`;
    for (const [body, field] of [
      [{ text: 'Q', answer_type: 'audio-diary' }, 'answer_type'],
      [
        { text: 'Q', answer_type: 'choice', options: [{ text: 'Only' }] },
        'options',
      ],
      [
        {
          text: 'Q',
          answer_type: 'choice',
          options: Array.from({ length: 21 }, (_, index) => ({
            text: `O${index}`,
          })),
        },
        'options',
      ],
      [
        {
          text: 'Q',
          answer_type: 'choice',
          options: [{ text: 'Yes' }, { text: ' yes ' }],
        },
        'options',
      ],
      [
        { text: 'Q', answer_type: 'text', max_characters: 10_001 },
        'max_characters',
      ],
      [
        {
          text: 'Q',
          answer_type: 'text',
          options: [{ text: 'A' }, { text: 'B' }],
        },
        'options',
      ],
    ] as const) {
      const reply = await recruiter.post(url, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.json().fields ?? {}), reply.body).toContain(
        field,
      );
    }
    // An option id the question never had is refused; kept ids stay, a new option takes the next.
    const edit = await recruiter.put(`${url}/${choice.id}`, {
      ...RIGHT_TO_WORK,
      options: [{ id: 9, text: 'Maybe' }, ...choice.options],
    });
    expect(edit.statusCode).toBe(400);
    const edited = await recruiter.put(`${url}/${choice.id}`, {
      ...RIGHT_TO_WORK,
      options: [
        ...choice.options,
        { text: 'Not yet, but soon', knockout: true },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      edited.json().options.map((option: { id: number }) => option.id),
    ).toEqual([1, 2, 3]);
    // Copies carry the answer types and options.
    const copy = await recruiter.post(`/api/jobs/${job.id}/copy`, {});
    expect(copy.statusCode, copy.body).toBeLessThan(300);
    const copied = await recruiter.get(`/api/jobs/${copy.json().id}/questions`);
    expect(copied.json().results).toMatchObject([
      { answer_type: 'choice', options: edited.json().options },
      { answer_type: 'text', max_characters: 40 },
    ]);
  });
});

describe('answering by typing and choosing', () => {
  it('saves each answer at once, refuses bad ones, and flags a knockout answer', async () => {
    const { job, questions, application } = await interviewWith([
      RIGHT_TO_WORK,
      SHIFTS,
      MOTIVATION,
    ]);
    const [rightToWork, shifts, motivation] = questions;
    const token = application.token;
    const question = await t
      .client()
      .get(api(token, `/questions/${rightToWork.id}`));
    expect(question.json()).toMatchObject({
      answer_type: 'choice',
      multiple: false,
      options: [
        { id: 1, text: 'Yes' },
        { id: 2, text: 'No' },
      ],
      answered: false,
      response: null,
    });
    // Which option knocks out is never told to the candidate.
    expect(question.body).not.toContain('knockout');

    const respond = (questionId: number, body: object) =>
      t.client().put(api(token, `/questions/${questionId}/response`), body);
    for (const [questionId, body, status] of [
      [rightToWork.id, { choices: [1, 2] }, 400],
      [rightToWork.id, { choices: [] }, 400],
      [rightToWork.id, { choices: [optionId(shifts, 'Nights') + 100] }, 400],
      [rightToWork.id, { text: 'Yes' }, 400],
      [shifts.id, { choices: [1, 1] }, 400],
      [motivation.id, { text: 'x'.repeat(41) }, 400],
      [motivation.id, { text: '   ' }, 400],
      // The wrong type of value, or far too much of it.
      [rightToWork.id, { choices: ['Yes'] }, 400],
      [motivation.id, { text: 42 }, 400],
      [motivation.id, { text: 'x'.repeat(20_001) }, 400],
    ] as const) {
      const reply = await respond(questionId, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(status);
      expect(reply.json().message).toBeTruthy();
    }
    // A recording is refused for a typed question, and a typed answer for another job's question.
    const take = await t
      .client()
      .post(api(token, `/questions/${motivation.id}/answer`), {
        content_type: 'video/webm',
        size: 0,
      });
    expect(take.statusCode).toBe(400);
    const other = await interviewWith([MOTIVATION]);
    expect(
      (await respond(other.questions[0].id, { text: 'Because' })).statusCode,
    ).toBe(404);

    const no = await respond(rightToWork.id, {
      choices: [optionId(rightToWork, 'No')],
    });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json()).toMatchObject({ status: 'ready', completed: false });
    // The same answer again (a lost reply) is fine; another one is refused.
    expect((await respond(rightToWork.id, { choices: [2] })).statusCode).toBe(
      200,
    );
    expect((await respond(rightToWork.id, { choices: [1] })).statusCode).toBe(
      409,
    );

    expect((await respond(shifts.id, { choices: [1, 3] })).statusCode).toBe(
      200,
    );
    const last = await respond(motivation.id, { text: 'I like early starts.' });
    expect(last.json()).toMatchObject({
      completed: true,
      text: 'I like early starts.',
      answered_question_ids: [rightToWork.id, shifts.id, motivation.id],
    });
    const reread = await t.client().get(api(token, `/questions/${shifts.id}`));
    expect(reread.json()).toMatchObject({
      answered: true,
      response: { text: null, choices: [1, 3] },
    });

    // The panel reads the answers and the knockout; flagging alone rejects nobody.
    const answers = await recruiter.get(
      `/api/jobs/${job.id}/answers?application=${application.id}`,
    );
    expect(answers.json().results).toMatchObject([
      {
        answer_type: 'choice',
        text: null,
        choices: [{ id: 2, text: 'No', knockout: true }],
        video: null,
      },
      {
        answer_type: 'choice',
        choices: [
          { id: 1, text: 'Mornings', knockout: false },
          { id: 3, text: 'Nights', knockout: false },
        ],
      },
      { answer_type: 'text', text: 'I like early starts.', choices: null },
    ]);
    const reply = await recruiter.get(
      `/api/jobs/${job.id}/applications/${application.id}`,
    );
    expect(reply.json()).toMatchObject({
      knockout: true,
      knockout_questions: [rightToWork.id],
      rejected: false,
      responded_at: expect.any(String),
    });

    // Once answered, how the questions are answered is fixed; their wording is not.
    const retype = await recruiter.put(
      `/api/jobs/${job.id}/questions/${motivation.id}`,
      {
        ...MOTIVATION,
        answer_type: 'choice',
        options: [{ text: 'A' }, { text: 'B' }],
      },
    );
    expect(retype.statusCode).toBe(409);
    const reword = await recruiter.put(
      `/api/jobs/${job.id}/questions/${rightToWork.id}`,
      {
        ...RIGHT_TO_WORK,
        text: 'Do you have the right to work in the United Kingdom?',
        options: rightToWork.options,
      },
    );
    expect(reword.statusCode, reword.body).toBe(200);
  });

  const emailKinds = async (applicationId: number) =>
    (
      await t.db
        .selectFrom('outbox')
        .select('kind')
        .where('application_id', '=', applicationId)
        .orderBy('kind')
        .execute()
    ).map((row) => row.kind);

  it('refuses an unknown knockout action and keeps the one set', async () => {
    const { job } = await interviewWith([RIGHT_TO_WORK], {
      knockout_action: 'reject',
    });
    const reply = await recruiter.patch(`/api/jobs/${job.id}`, {
      knockout_action: 'reject_quietly',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toHaveProperty('knockout_action');
    expect(
      (await recruiter.get(`/api/jobs/${job.id}`)).json().knockout_action,
    ).toBe('reject');
  });

  it('rejects automatically on a knockout answer once the interviewee submits, never before', async () => {
    const { job, questions, application } = await interviewWith(
      [RIGHT_TO_WORK, MOTIVATION],
      { knockout_action: 'reject' },
    );
    const [rightToWork, motivation] = questions;
    const respond = (questionId: number, body: object) =>
      t
        .client()
        .put(api(application.token, `/questions/${questionId}/response`), body);
    await respond(rightToWork.id, { choices: [2] });
    const before = await recruiter.get(
      `/api/jobs/${job.id}/applications/${application.id}`,
    );
    expect(before.json()).toMatchObject({ knockout: true, rejected: false });

    await respond(motivation.id, { text: 'Near my home.' });
    const after = await recruiter.get(
      `/api/jobs/${job.id}/applications/${application.id}`,
    );
    expect(after.json()).toMatchObject({ rejected: true, stage: 'Outcomes' });
    const activity = await t.db
      .selectFrom('domain_events')
      .select(['type', 'data'])
      .where('application_id', '=', application.id)
      .where('type', '=', 'application.knockout_rejected')
      .execute();
    expect(activity).toEqual([
      {
        type: 'application.knockout_rejected',
        data: expect.objectContaining({ question: RIGHT_TO_WORK.text }),
      },
    ]);
    // Rejected by the rule without its e-mail: only the thank-you goes.
    expect(await emailKinds(application.id)).toEqual(['completion']);
  });

  it('sends the rejection e-mail with the rule when the interview says so, and rejects nobody who passed', async () => {
    const knockedOut = await interviewWith([RIGHT_TO_WORK], {
      knockout_action: 'reject_and_email',
    });
    const respond = (token: string, questionId: number, body: object) =>
      t.client().put(api(token, `/questions/${questionId}/response`), body);
    const question = knockedOut.questions[0].id;
    await respond(knockedOut.application.token, question, { choices: [2] });
    expect(await emailKinds(knockedOut.application.id)).toEqual([
      'completion',
      'rejection',
    ]);

    const passed = await createApplication(t.db, {
      job_id: knockedOut.job.id,
      invited_at: new Date(),
      consented_at: new Date(),
    });
    await respond(passed.token, question, { choices: [1] });
    const reply = await recruiter.get(
      `/api/jobs/${knockedOut.job.id}/applications/${passed.id}`,
    );
    expect(reply.json()).toMatchObject({ knockout: false, rejected: false });
    expect(await emailKinds(passed.id)).toEqual(['completion']);
  });

  it('gives the completed webhook the typed and chosen answers and the knockout, and search the flag', async () => {
    const { questions, application } = await interviewWith([
      RIGHT_TO_WORK,
      MOTIVATION,
    ]);
    const [rightToWork, motivation] = questions;
    await t.db
      .insertInto('webhook_endpoints')
      .values({
        company_id: companyId,
        url: 'https://hooks.example.test/completed',
        events: JSON.stringify(['application.completed']),
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .execute();
    const respond = (questionId: number, body: object) =>
      t
        .client()
        .put(api(application.token, `/questions/${questionId}/response`), body);
    await respond(rightToWork.id, { choices: [optionId(rightToWork, 'No')] });
    await respond(motivation.id, { text: 'Near my home.' });
    const [delivery] = await t.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('application_id', '=', application.id)
      .where('event', '=', 'application.completed')
      .execute();
    const payload = JSON.parse(String(delivery?.payload)) as {
      data: Record<string, unknown>;
    };
    expect(payload.data).toMatchObject({
      id: application.id,
      knockout: true,
      knockout_questions: [rightToWork.id],
      answers: [
        {
          question_id: rightToWork.id,
          question: RIGHT_TO_WORK.text,
          answer_type: 'choice',
          text: null,
          choices: [
            { id: optionId(rightToWork, 'No'), text: 'No', knockout: true },
          ],
        },
        {
          question_id: motivation.id,
          question: MOTIVATION.text,
          answer_type: 'text',
          text: 'Near my home.',
          choices: null,
        },
      ],
    });

    // Search shows the flag with the question it came from.
    const found = await recruiter.get(
      `/api/applications?q=${encodeURIComponent(application.email)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const results = (
      found.json() as { results: { id: number; knockout: string | null }[] }
    ).results;
    expect(
      results.find((result) => result.id === application.id),
    ).toMatchObject({ knockout: RIGHT_TO_WORK.text });
  });
});
