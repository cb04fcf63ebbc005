import type { ApiKeyCreated, ApiKeyScope } from '@candor/domain';
import { createApiKey } from '../src/modules/api-keys/api-keys.service';
import type { TestApp } from './test-app';
import { TestClient } from './test-client';
import { SYSTEM_ACTOR } from '../src/platform/http/request-origin';

type RequestOptions = NonNullable<Parameters<TestClient['request']>[2]>;

/** A caller with an API key: no cookie of its own, no CSRF header, the key in every request. */
export class KeyClient extends TestClient {
  constructor(
    app: TestApp['app'],
    readonly secret: string,
  ) {
    super(app);
  }
  override request(
    method: Parameters<TestClient['request']>[0],
    url: string,
    options: RequestOptions = {},
  ) {
    return super.request(method, url, {
      ...options,
      csrf: false,
      headers: { authorization: `Bearer ${this.secret}`, ...options.headers },
    });
  }
}

/** A key made by a company admin through the API, as the keys page does. */
export async function createKey(
  t: TestApp,
  options: {
    admin: TestClient;
    shortname: string;
    scope: ApiKeyScope;
    name?: string;
  },
): Promise<ApiKeyCreated & { client: KeyClient }> {
  const response = await options.admin.post(
    `/api/companies/${options.shortname}/api-keys`,
    { name: options.name ?? `ATS ${options.scope}`, scope: options.scope },
  );
  if (response.statusCode !== 201)
    throw new Error(`The key was not created: ${response.body}`);
  const created = response.json<ApiKeyCreated>();
  return { ...created, client: new KeyClient(t.app, created.secret) };
}

/** A key made straight through the service, for fixtures that have no admin client at hand. */
export async function insertKey(
  t: TestApp,
  options: {
    companyId: number;
    adminId: number;
    scope: ApiKeyScope;
    name: string;
  },
): Promise<ApiKeyCreated> {
  const company = await t.db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', options.companyId)
    .executeTakeFirstOrThrow();
  const user = await t.db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'locale',
      'current_company_id',
    ])
    .where('id', '=', options.adminId)
    .executeTakeFirstOrThrow();
  return createApiKey(t.db, {
    caller: { user, company, role: 'admin' },
    input: { name: options.name, scope: options.scope },
    origin: { actor: SYSTEM_ACTOR, ip: null, userAgent: null },
  });
}
