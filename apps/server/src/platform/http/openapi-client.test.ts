import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
const repoRoot = resolve(import.meta.dirname, '../../../../..');

const require = createRequire(import.meta.url);
const tsc = join(
  dirname(require.resolve('typescript/package.json')),
  'bin/tsc',
);

/**
 * The calls of docs/integrations.md written as an integrator would, with `openapi-fetch` over
 * the types `openapi-typescript` generates from `/api/docs/json`. Each reply's field the guide
 * tells the reader to keep is read from the typed reply, and each `@ts-expect-error` is a
 * mistake the generated types must catch: were the document's bodies or replies untyped, tsc
 * would refuse the unused directive.
 */
const guideCalls = `
import createClient from 'openapi-fetch';
import type { paths } from './candor';

const candor = createClient<paths>({
  baseUrl: 'https://candor.example.com',
  headers: { Authorization: 'Bearer cnd_key' },
});

export async function followTheGuide(template: number): Promise<string | null> {
  await candor.GET('/api/jobs', { params: { query: { company: 'templates' } } });
  const copy = await candor.POST('/api/jobs/{id}/copy', { params: { path: { id: template } } });
  if (!copy.data) throw new Error(copy.error ? 'refused' : 'no reply');
  const job: number = copy.data.id;
  const status: 'Draft' | 'Published' | 'Archived' = copy.data.status;
  await candor.GET('/api/jobs/{job}/questions', { params: { path: { job } } });
  await candor.POST('/api/jobs/{id}/publish', { params: { path: { id: job } } });

  const added = await candor.POST('/api/jobs/{job}/applications', {
    params: { path: { job } },
    body: [
      { row: 1, user: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' } },
      { row: 2, user: { first_name: 'Alan', last_name: 'Turing', email: 'alan@example.com' } },
    ],
  });
  const application = added.data?.ids[0];
  if (application === undefined) return status;
  await candor.POST('/api/jobs/{job}/applications/{id}/invite', {
    params: { path: { job, id: application } },
  });
  const invited = await candor.POST('/api/jobs/{job}/invite_all', { params: { path: { job } } });
  const queued: number | undefined = invited.data?.queued;

  const stage = await candor.GET('/api/jobs/{job}/applications', {
    params: { path: { job }, query: { status: 'Reviewed' } },
  });
  await candor.GET('/api/jobs/{job}/applications/{id}', {
    params: { path: { job, id: application } },
  });
  await candor.GET('/api/jobs/{job}/reviews', {
    params: { path: { job }, query: { application } },
  });
  await candor.GET('/api/jobs/{job}/comments', {
    params: { path: { job }, query: { application } },
  });
  const answers = await candor.GET('/api/jobs/{job}/answers', {
    params: { path: { job }, query: { application } },
  });
  const videoUrl: string | null | undefined = answers.data?.results[0]?.video?.url;

  // @ts-expect-error each row of a list needs its candidate
  await candor.POST('/api/jobs/{job}/applications', { params: { path: { job } }, body: [{ row: 1 }] });
  // @ts-expect-error an interview's id is a number
  await candor.POST('/api/jobs/{id}/publish', { params: { path: { id: 'one' } } });
  // @ts-expect-error the reply of invite_all has no count named "sent"
  void invited.data?.sent;
  // @ts-expect-error no such route
  await candor.GET('/api/jobs/{job}/candidates', { params: { path: { job } } });

  return [queued, stage.data?.count, videoUrl].join(' ');
}

const greenhouse = createClient<paths>({
  baseUrl: 'https://candor.example.com',
  headers: { Authorization: 'Basic ' + btoa('cgh_key:') },
});

export async function actAsGreenhouse(): Promise<string | undefined> {
  const tests = await greenhouse.GET('/api/integrations/greenhouse/list_tests');
  const test: string | undefined = tests.data?.[0]?.partner_test_id;
  const sent = await greenhouse.POST('/api/integrations/greenhouse/send_test', {
    body: {
      partner_test_id: test ?? '42',
      candidate: {
        first_name: 'Harry',
        last_name: 'Potter',
        email: 'hpotter@example.com',
        greenhouse_profile_url: 'https://app.greenhouse.io/people/1?application_id=2',
      },
    },
  });
  const status = await greenhouse.GET('/api/integrations/greenhouse/test_status', {
    params: { query: { partner_interview_id: sent.data?.partner_interview_id ?? '' } },
  });
  return status.data?.partner_status;
}
`;

/** Each `curl` of the guide's shell blocks as `METHOD /path`, its variables as `{}`. */
function callsOfTheGuide(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((block) => block[1] ?? '')
    .flatMap((block) => block.split(/^(?=curl )/m))
    .flatMap((command) => {
      const path = /\$CANDOR_URL(\/api\/[^"?\s]+)/.exec(command)?.[1];
      if (!path) return [];
      const method =
        /-X (\w+)/.exec(command)?.[1] ??
        (/ -d /.test(command) ? 'POST' : 'GET');
      return [`${method} ${path.replace(/\$[A-Z_]+/g, '{}')}`];
    });
}

function callsOfTheClient(source: string): Set<string> {
  return new Set(
    [...source.matchAll(/(?:candor|greenhouse)\.(GET|POST)\('([^']+)'/g)].map(
      ([, method, path = '']) => `${method} ${path.replace(/\{\w+\}/g, '{}')}`,
    ),
  );
}

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  // Inside the package, so that the check's imports resolve to the installed openapi-fetch.
  const cache = join(repoRoot, 'apps/server/node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  folder = mkdtempSync(join(cache, 'openapi-client-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

describe('a client generated from the OpenAPI document', () => {
  it('type-checks every call of the integration guide, and refuses wrong ones', async () => {
    const guide = readFileSync(join(repoRoot, 'docs/integrations.md'), 'utf8');
    const documented = callsOfTheGuide(guide);
    expect(documented.length).toBeGreaterThanOrEqual(11);
    const written = callsOfTheClient(guideCalls);
    expect(documented.filter((call) => !written.has(call))).toEqual([]);

    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    writeFileSync(
      join(folder, 'candor.d.ts'),
      astToString(await openapiTS(reply.json())),
    );
    writeFileSync(join(folder, 'guide.ts'), guideCalls);
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        extends: join(repoRoot, 'tsconfig.base.json'),
        compilerOptions: { lib: ['ES2023', 'DOM'] },
        files: ['guide.ts'],
      }),
    );
    const run = spawnSync(process.execPath, [tsc, '-p', folder], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 180_000);
});
