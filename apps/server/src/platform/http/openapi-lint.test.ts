import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

type Problem = {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
};

const require = createRequire(import.meta.url);
const redocly = join(
  dirname(require.resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'candor-openapi-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

/** `redocly lint` with its recommended rules, as an integrator's tools would run it. */
function lint(document: unknown): Problem[] {
  const file = join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const run = spawnSync(
    process.execPath,
    [redocly, 'lint', file, '--extends=recommended', '--format=json'],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
      timeout: 120_000,
    },
  );
  const start = run.stdout.indexOf('{');
  if (start === -1)
    throw new Error(`redocly printed no report: ${run.stderr.slice(0, 2000)}`);
  return (JSON.parse(run.stdout.slice(start)) as { problems: Problem[] })
    .problems;
}

type Operation = {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { headers?: Record<string, { schema?: Record<string, unknown> }> }
  >;
};
type Document = {
  components: { securitySchemes: Record<string, { type: string }> };
  paths: Record<string, Record<string, Operation>>;
};

describe('the OpenAPI document an integrator downloads', () => {
  it('passes Redocly’s recommended rules without an error', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    const errors = lint(reply.json())
      .filter((problem) => problem.severity === 'error')
      .map(
        (problem) =>
          `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
      );
    expect(errors).toEqual([]);
  }, 120_000);

  it('names on every operation the ways in it takes, and gives it a summary, an id and a success', async () => {
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json<Document>();
    const schemes = doc.components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual([
      'apiKey',
      'greenhouseKey',
      'session',
    ]);
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method} ${path}`;
        if (!operation.summary) problems.push(`${name}: no summary`);
        if (!operation.operationId || ids.has(operation.operationId))
          problems.push(`${name}: no unique operationId`);
        ids.add(operation.operationId ?? '');
        if (!Object.keys(operation.responses).some((s) => s.startsWith('2')))
          problems.push(`${name}: no success response`);
        for (const requirement of operation.security ?? [{ none: [] }])
          for (const scheme of Object.keys(requirement))
            if (!schemes[scheme]) problems.push(`${name}: names ${scheme}`);
        const retryAfter = operation.responses['429']?.headers?.['Retry-After'];
        if (retryAfter && retryAfter.schema?.type !== 'integer')
          problems.push(`${name}: Retry-After without its integer schema`);
      }
    expect(problems).toEqual([]);
    const security = (path: string, method: string) =>
      doc.paths[path]?.[method]?.security;
    expect(security('/api/jobs/{job}/invite_all', 'post')).toEqual([
      { apiKey: [] },
      { session: [] },
    ]);
    expect(security('/api/companies/{shortname}/api-keys', 'get')).toEqual([
      { session: [] },
    ]);
    expect(security('/api/integrations/greenhouse/send_test', 'post')).toEqual([
      { greenhouseKey: [] },
    ]);
    expect(security('/api/interviewee/{token}/consent', 'post')).toEqual([]);
  });
});
