import Fastify, { type FastifyInstance } from 'fastify';
import {
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/db/connection';
import {
  accessPlugin,
  type AccessResolvers,
} from '../../src/platform/access/access-hook';
import { jobOf, userOf } from '../../src/platform/access/access-rule';
import type { SessionUser } from '../../src/platform/auth/session';
import { registerErrorHandler } from '../../src/platform/http/errors';

// Every route of the real app declares its rule, or `buildApp` throws: route-access.test.ts builds
// it and calls each route as each kind of caller. These cases prove the refusals themselves.

const SIGNED_IN: SessionUser = {
  id: 1,
  email: 'ada@example.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  locale: 'en-gb',
  current_company_id: null,
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare Fastify with the access hook; a request with `x-user` acts as that user. */
async function bareApp() {
  const instance = Fastify().withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(instance);
  instance.decorateRequest('user', null);
  instance.addHook('onRequest', async (request) => {
    if (request.headers['x-user']) request.user = SIGNED_IN;
  });
  // No rule here reaches the database.
  await instance.register(accessPlugin, {
    db: {} as Db,
    resolvers: {} as AccessResolvers,
  });
  app = instance;
  return instance;
}

describe('declared access', () => {
  test('a route that declares no rule stops the server from starting', async () => {
    const server = await bareApp();
    expect(() => server.get('/api/forgotten', async () => 'open')).toThrow(
      'GET /api/forgotten declares no config.access',
    );
  });

  test('a job rule needs the job in its path, and its params validated', async () => {
    const server = await bareApp();
    expect(() =>
      server.get(
        '/api/companies/:shortname/jobs',
        {
          config: { access: { job: 'read' } },
          schema: { params: z.object({ shortname: z.string() }) },
        },
        async () => 'open',
      ),
    ).toThrow('names no :job in its path');
    expect(() =>
      server.get(
        '/api/jobs/:job/notes',
        { config: { access: { job: 'read' } } },
        async () => 'open',
      ),
    ).toThrow('validates no params');
  });

  test('a refused caller gets the reply the guards gave: 401 without a session', async () => {
    const server = await bareApp();
    server.get(
      '/api/mine',
      { config: { access: 'signed-in' } },
      async (request) => ({ id: userOf(request).id }),
    );
    server.get('/api/open', { config: { access: 'public' } }, async () => ({
      open: true,
    }));
    const anonymous = await server.inject({ url: '/api/mine' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      code: 'unauthorized',
      message: 'Not logged in',
    });
    const signedIn = await server.inject({
      url: '/api/mine',
      headers: { 'x-user': '1' },
    });
    expect(signedIn.json()).toEqual({ id: 1 });
    expect((await server.inject({ url: '/api/open' })).json()).toEqual({
      open: true,
    });
  });

  test('a company rule refuses a reviewer with 403 before looking the company up', async () => {
    const server = await bareApp();
    server.get(
      '/api/companies/:shortname/notes',
      {
        config: { access: { company: 'member' } },
        schema: { params: z.object({ shortname: z.string() }) },
      },
      async () => 'never',
    );
    const reply = await server.inject({
      url: '/api/companies/acme/notes',
      headers: { 'x-user': '1' },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({
      message: 'Only company users can do this.',
    });
  });

  test('a handler cannot read what its rule did not check', async () => {
    const server = await bareApp();
    server.get(
      '/api/mine/job',
      { config: { access: 'signed-in' } },
      async (request) => ({ id: jobOf(request).id }),
    );
    const reply = await server.inject({
      url: '/api/mine/job',
      headers: { 'x-user': '1' },
    });
    expect(reply.statusCode).toBe(500);
  });
});
