import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOpenInterview } from '../../test/interview-fixtures';
import { probeFile } from '../../test/media-fixtures';
import { seedDemoAnswers } from './demo-answers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedDemoAnswers', () => {
  it('gives every seeded answer a real, playable recording', async () => {
    const { application, questions } = await createOpenInterview(t.db, {
      questionCount: 3,
    });
    await t.db
      .insertInto('answers')
      .values(
        questions.map((question) => ({
          application_id: application.id,
          question_id: question.id,
          question_text: question.text,
          status: 'failed' as const,
          failed_reason: 'Demo answer without a recording',
        })),
      )
      .execute();
    await seedDemoAnswers(t.ctx);
    const answers = await t.db
      .selectFrom('answers')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(answers.map((answer) => answer.status)).toEqual([
      'ready',
      'ready',
      'ready',
    ]);
    expect(
      answers.map((answer) => Math.round(answer.duration_seconds ?? 0)),
    ).toEqual([3, 5, 7]);
    const mp4 = probeFile(
      join(t.dataDir, 'files', String(answers[1]?.video_key)),
    );
    expect(mp4.codecs).toEqual(['h264', 'aac']);
    expect(Math.round(mp4.duration)).toBe(5);
  }, 120_000);
});
