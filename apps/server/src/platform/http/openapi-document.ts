import type {
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AccessRule } from '../access/access-rule';

/** The two ways in, as the OpenAPI document names them. */
export const OPENAPI_SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sessionid',
    description:
      'The web app’s session (sign in at POST /login/ajax); changes also need the X-CSRFToken header.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A company API key (`Authorization: Bearer cnd_…`), made by an admin in Company settings › API keys. No cookie, no CSRF header. See docs/integrations.md.',
  },
  greenhouseKey: {
    type: 'http',
    scheme: 'basic',
    description:
      'The key a company hands to Greenhouse (`cgh_…`, Company settings › Integrations › Greenhouse) as the username, with no password: Greenhouse’s Assessment Partner API only.',
  },
} as const;

/** The partner endpoints an ATS calls with its own key (decision 190), by their start. */
const INTEGRATION_KEYS: Record<string, keyof typeof OPENAPI_SECURITY_SCHEMES> =
  { '/api/integrations/greenhouse/': 'greenhouseKey' };

/** The body of every error reply (platform/http/errors.ts). */
const ERROR_REPLY = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: {
      type: 'string',
      description: 'For people: the web app shows it as it is.',
    },
    code: {
      type: 'string',
      description:
        'bad_request, unauthorized, forbidden, not_found, conflict, too_large, unsupported or too_many.',
    },
    fields: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      description: 'For a 400: the messages of each field of the request.',
    },
  },
} as const;

const error = (
  description: string,
  example: { message: string; code: string; fields?: Record<string, string[]> },
) => ({
  description,
  content: { 'application/json': { schema: ERROR_REPLY, example } },
});

/**
 * The errors a route can answer, from what it declares: input to check (400), ids in its path
 * (404), its auth (401, 403) and its limits (429). A status the route documents itself is kept.
 */
function errorResponses(options: {
  hasInput: boolean;
  hasPathIds: boolean;
  apiKey: 'read' | 'write' | undefined;
  needsSession: boolean;
  rateLimited: boolean;
}): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  if (options.hasInput)
    responses['400'] = error('The request is not valid; `fields` says where.', {
      message: 'email: Enter a valid email address',
      code: 'bad_request',
      fields: { email: ['Enter a valid email address'] },
    });
  if (options.apiKey)
    responses['401'] = error(
      'No session and no API key, or a key that is unknown or revoked.',
      {
        message: 'This API key is not valid, or it was revoked.',
        code: 'unauthorized',
      },
    );
  else if (options.needsSession)
    responses['401'] = error('No session: sign in first.', {
      message: 'Not logged in',
      code: 'unauthorized',
    });
  responses['403'] = error(
    options.apiKey === 'write'
      ? 'The caller may not do this, or the API key can only read.'
      : options.apiKey
        ? 'The caller may not do this.'
        : 'The caller may not do this; API keys are refused here.',
    options.apiKey === 'write'
      ? { message: 'This API key can only read.', code: 'forbidden' }
      : options.apiKey
        ? { message: 'Only company users can do this.', code: 'forbidden' }
        : { message: 'API keys cannot call this route.', code: 'forbidden' },
  );
  if (options.hasPathIds)
    responses['404'] = error(
      'Not found. Another company’s object answers the same as a missing one.',
      { message: 'This interview was not found.', code: 'not_found' },
    );
  if (options.apiKey || options.rateLimited)
    responses['429'] = {
      ...error('Too many requests: try again after `Retry-After` seconds.', {
        message: 'Too many requests with this API key: try again in 12 s.',
        code: 'too_many',
      }),
      // @fastify/swagger wraps each header's schema in `schema` itself.
      headers: {
        'Retry-After': {
          type: 'integer',
          description: 'Seconds to wait before the next request.',
        },
      },
    };
  return responses;
}

/**
 * Example bodies of the routes an integration writes with that declare their body (the
 * invitations read form data themselves, so the document has no body of theirs to show);
 * openapi-document.test.ts sends each to its route with a key: its shape must be accepted.
 */
export const BODY_EXAMPLES: Record<string, unknown> = {
  'POST /api/jobs/:job/applications': [
    {
      row: 1,
      user: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
      },
    },
    {
      row: 2,
      user: {
        first_name: 'Alan',
        last_name: 'Turing',
        email: 'alan@example.com',
      },
    },
  ],
  'POST /api/jobs/:job/comments': {
    application: 1,
    comment: 'Strong answer on the second question.',
  },
};

/** Who may call a route, in the words of its `config.access` (decision 162). */
function describeAccess(rule: AccessRule | undefined): string {
  if (rule === undefined || rule === 'public') return 'anyone';
  if (rule === 'signed-in') return 'any signed-in user or reviewer';
  if (rule === 'company-user') return 'users of the current company';
  if ('company' in rule)
    return {
      joined: 'members of the company named in the path',
      member: 'members of the company named in the path, their current company',
      admin: 'admins of the company named in the path, their current company',
    }[rule.company];
  if ('library' in rule)
    return rule.library === 'read'
      ? 'company users: their current company’s library, or the shared stock library'
      : 'company users: their current company’s library';
  return {
    read: "the job's company users and reviewers, and any company user for a template",
    copy: "the job's company users, and any company user for a template",
    review: "the job's company users and reviewers",
    manage: "the job's company users",
  }[rule.job];
}

/**
 * The zod transform, then what the document says of each route beyond its shapes: who may call
 * it from its `config.access`, its auth from
 * its own declaration (`config.apiKey`, decision 149: a route open to keys lists both schemes and
 * the scope it needs, every other says keys are refused), its errors, and an example body where
 * an integration sends one. Read from the route itself, so the document cannot disagree with the
 * server.
 */
export const transformForDocs: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(
    input as Parameters<typeof jsonSchemaTransform>[0],
  ) as { schema: Record<string, unknown>; url: string };
  const needs = input.route.config?.apiKey;
  const description =
    typeof schema.description === 'string' ? schema.description : '';
  const access = input.route.config?.access;
  const auth = `Who may call: ${describeAccess(access)}. ${
    needs
      ? `API keys: accepted, scope \`${needs}\`${needs === 'read' ? ' or `write`' : ''}.`
      : 'API keys: not accepted (403).'
  }`;
  const methods = [input.route.method].flat();
  const example = methods
    .map((method) => BODY_EXAMPLES[`${method} ${input.route.url}`])
    .find((body) => body !== undefined);
  const body =
    example !== undefined && typeof schema.body === 'object'
      ? { ...schema.body, example }
      : schema.body;
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const integrationKey = Object.entries(INTEGRATION_KEYS).find(([start]) =>
    input.route.url.startsWith(start),
  )?.[1];
  const needsSession = access !== undefined && access !== 'public';
  const security: Record<string, string[]>[] = integrationKey
    ? [{ [integrationKey]: [] }]
    : needs
      ? [{ apiKey: [] }, { session: [] }]
      : needsSession
        ? [{ session: [] }]
        : [];
  return {
    url,
    schema: {
      ...schema,
      ...(body !== undefined ? { body } : {}),
      summary:
        typeof schema.summary === 'string'
          ? schema.summary
          : `${methods.join(', ')} ${url}`,
      description: description ? `${description}\n\n${auth}` : auth,
      response: {
        ...errorResponses({
          hasInput: Boolean(schema.body ?? schema.querystring ?? schema.params),
          hasPathIds: Boolean(schema.params),
          apiKey: needs,
          needsSession,
          rateLimited: Boolean(input.route.config?.rateLimit),
        }),
        // A route that declares no reply of success: a read sends what its summary names (a
        // file, audio, a CSV), a change answers 204.
        ...(Object.keys(declared).some((status) => status.startsWith('2'))
          ? {}
          : methods.includes('GET')
            ? {
                200: {
                  description: 'The file or page the summary names.',
                },
              }
            : { 204: { description: 'Done: no content.', type: 'null' } }),
        ...declared,
      },
      security,
    },
  };
};

/** `get` `/api/jobs/{job}/applications` → `getApiJobsJobApplications`: one per operation. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return `${method}${words.join('')}`;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * OpenAPI 3.0 lets `nullable` stand only beside a `type`; zod writes a nullable union as
 * `{anyOf, nullable}`. Each branch then carries `nullable`, and a schema that takes any value
 * drops it (it takes null already).
 */
function typeEveryNullable(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(typeEveryNullable);
    return;
  }
  if (!isNode(node)) return;
  if (node.nullable === true && node.type === undefined) {
    const branches = node.anyOf ?? node.oneOf;
    if (Array.isArray(branches))
      for (const branch of branches)
        if (isNode(branch) && branch.type !== undefined) branch.nullable = true;
    delete node.nullable;
  }
  Object.values(node).forEach(typeEveryNullable);
}

/** The whole document once built: an operationId per operation, and typed nullables. */
export const finishDocument: SwaggerTransformObject = (input) => {
  const document = ('openapiObject' in input
    ? input.openapiObject
    : input.swaggerObject) as unknown as { paths?: Record<string, Node> };
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(item))
      // A route of several methods shares one object between them: each gets its own.
      if (isNode(operation))
        item[method] = {
          ...operation,
          operationId: operationIdOf(method, path),
        };
  typeEveryNullable(document.paths);
  return document as ReturnType<SwaggerTransformObject>;
};
