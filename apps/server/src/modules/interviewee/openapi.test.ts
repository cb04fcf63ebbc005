import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('documents the interviewee and answers endpoints in the OpenAPI tags', async () => {
  const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(reply.statusCode).toBe(200);
  const spec = reply.json() as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const tagged = (tag: string) =>
    Object.entries(spec.paths)
      .filter(([, methods]) =>
        Object.values(methods).some((operation) =>
          operation.tags?.includes(tag),
        ),
      )
      .map(([path]) => path)
      .sort();
  expect(tagged('interviewee')).toEqual([
    '/api/interviewee/{token}',
    '/api/interviewee/{token}/consent',
    '/api/interviewee/{token}/decline',
    '/api/interviewee/{token}/questions/{question}',
    '/api/interviewee/{token}/questions/{question}/answer',
    '/api/interviewee/{token}/questions/{question}/answer/complete',
    '/api/interviewee/{token}/questions/{question}/audio',
    '/api/interviewee/{token}/questions/{question}/response',
    '/api/interviewee/{token}/satisfaction',
    '/api/interviewee/{token}/survey',
    '/api/public/jobs/{shortcode}',
    '/api/public/jobs/{shortcode}/apply',
    // A take's resumable (tus) upload (decision 135).
    '/api/uploads/answers',
    '/api/uploads/answers/{take}',
    '/i/{shortcode}',
  ]);
  expect(tagged('answers')).toEqual([
    '/api/jobs/{job}/answers',
    '/api/jobs/{job}/answers/{answer}',
  ]);
});
