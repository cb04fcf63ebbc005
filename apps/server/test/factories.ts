import type { Db } from '../src/db/connection';
import type { Insertable } from 'kysely';
import type {
  CompaniesTable,
  JobsTable,
  ApplicationsTable,
  MemberRole,
} from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/password';
import { newShortcode, newToken } from '../src/platform/ids';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
let sequence = 0;
const next = () => ++sequence;

export async function createCompany(
  db: Db,
  values: Partial<Insertable<CompaniesTable>> = {},
) {
  const n = next();
  return db
    .insertInto('companies')
    .values({ shortname: `company-${n}`, name: `Company ${n}`, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A user; with `companies` a company user (the first is current), without a reviewer. Their
 * memberships are active admin ones unless `role` or `status` say otherwise; an invited user
 * does not work in the company yet (no current company).
 */
export async function createUser(
  db: Db,
  options: {
    companies?: number[];
    email?: string;
    firstName?: string;
    lastName?: string;
    role?: MemberRole;
    status?: 'active' | 'invited';
  } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const n = next();
  const companies = options.companies ?? [];
  const user = await db
    .insertInto('users')
    .values({
      email: options.email ?? `user${n}@example.test`,
      first_name: options.firstName ?? `First${n}`,
      last_name: options.lastName ?? `Last${n}`,
      password_hash: await passwordHash,
      sso_provider: null,
      current_company_id:
        options.status === 'invited' ? null : (companies[0] ?? null),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (companies.length) {
    await db
      .insertInto('memberships')
      .values(
        companies.map((companyId) => ({
          company_id: companyId,
          user_id: user.id,
          role: options.role ?? 'admin',
          status: options.status ?? 'active',
          ...(options.status === 'invited'
            ? {
                invite_email: user.email,
                invite_first_name: user.first_name,
                invite_last_name: user.last_name,
                invited_at: new Date(),
              }
            : {}),
        })),
      )
      .execute();
  }
  return user;
}

export async function createJob(
  db: Db,
  values: Partial<Insertable<JobsTable>> & { company_id: number },
) {
  return db
    .insertInto('jobs')
    .values({ title: `Job ${next()}`, shortcode: newShortcode(), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createApplication(
  db: Db,
  values: Partial<Insertable<ApplicationsTable>> & { job_id: number },
) {
  const n = next();
  return db
    .insertInto('applications')
    .values({
      first_name: `Applicant${n}`,
      last_name: `Person${n}`,
      email: `applicant${n}@example.test`,
      token: newToken(),
      shortcode: newShortcode(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
