import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../test/api-key-fixtures';
import { createApplication } from '../../../test/factories';
import {
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BODY_EXAMPLES } from './openapi-document';

type Response = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { example?: { code: string } }>;
};
type Operation = {
  description?: string;
  parameters?: { in: string }[];
  requestBody?: { content: Record<string, { schema: { example?: unknown } }> };
  responses: Record<string, Response>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = reply.json<Document>();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
const exampleCode = (response: Response | undefined) =>
  response?.content?.['application/json']?.example?.code;

describe('the OpenAPI document at /api/docs', () => {
  it('gives every route its errors, each with an example of the error reply', () => {
    const missing: string[] = [];
    for (const { name, operation } of operations()) {
      const { responses } = operation;
      const needs = (status: string, why: boolean) => {
        if (why && !responses[status]) missing.push(`${name} ${status}`);
      };
      const takesKeys = operation.description?.includes('API keys: accepted');
      needs('403', true);
      needs('404', Boolean(operation.parameters?.some((p) => p.in === 'path')));
      const isPublic = operation.description?.includes('Who may call: anyone.');
      needs('401', Boolean(takesKeys) || !isPublic);
      needs('429', Boolean(takesKeys));
    }
    expect(missing).toEqual([]);
    const invite = doc.paths['/api/jobs/{job}/invite_all']?.post?.responses;
    expect(exampleCode(invite?.['401'])).toBe('unauthorized');
    expect(exampleCode(invite?.['403'])).toBe('forbidden');
    expect(exampleCode(invite?.['404'])).toBe('not_found');
    expect(invite?.['429']?.headers).toHaveProperty('Retry-After');
  });

  it("keeps an error a route describes itself (bulk add's rows)", () => {
    const add = doc.paths['/api/jobs/{job}/applications']?.post;
    expect(JSON.stringify(add?.responses['400'])).toContain('"row"');
  });

  it('shows an example body that its route accepts, for each route an integration writes to', async () => {
    const world = await createReviewableJob(t.db);
    const admin = await signedInClient(t, world.owner.id);
    const { client } = await createKey(t, {
      admin,
      shortname: world.company.shortname,
      scope: 'write',
    });
    const waiting = await createApplication(t.db, { job_id: world.job.id });
    for (const [route, example] of Object.entries(BODY_EXAMPLES)) {
      const [method = '', path = ''] = route.split(' ');
      const documented =
        doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]
          ?.requestBody?.content['application/json']?.schema.example;
      expect(documented, route).toEqual(example);
      const url = path
        .replace(':job', String(world.job.id))
        .replace(':id', String(waiting.id));
      const reply = await client.request(method as 'POST', url, {
        body: example as object,
      });
      // The shape is the route's: not refused by its schema, whatever the ids lead to.
      expect(reply.statusCode, `${route}: ${reply.body}`).not.toBe(400);
      expect(reply.statusCode, `${route}: ${reply.body}`).toBeLessThan(500);
    }
  });
});
