import {
  STOCK_VIDEOS_SHORTNAME,
  surveyCategoriesSchema,
  type CompanySettings,
  type CurrentCompany,
} from '@candor/domain';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { CompaniesTable, Company } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { emit } from '../../platform/events/emit';
import type {
  CompanyCaller,
  CompanyUser,
} from '../../platform/access/access-rule';
import {
  findCompanyById,
  findCompanyByShortname,
  findMembershipOfUser,
  findShortnamesLike,
  insertCompanyUnlessTaken,
  insertFirstAdmin,
  updateCompany,
} from './companies.repository';

/** The logo's public path with a time-based suffix, so a new logo is never served from cache. */
export function logoUrl(
  company: Pick<Company, 'shortname' | 'logo_key' | 'logo_updated_at'>,
): string | null {
  if (!company.logo_key || !company.logo_updated_at) return null;
  return `/media/logo/${company.shortname}?v=${new Date(company.logo_updated_at).getTime()}`;
}

export async function companyForUser(
  ctx: AppContext,
  options: { companyId: number; userId: number },
): Promise<CurrentCompany> {
  const [company, membership] = await Promise.all([
    findCompanyById(ctx.db, options.companyId),
    findMembershipOfUser(ctx.db, options),
  ]);
  if (!company) throw notFound('This company');
  return {
    id: company.id,
    shortname: company.shortname,
    name: company.name,
    support_email: company.support_email,
    sms_enabled: company.sms_enabled,
    account_message: company.account_message,
    account_message_style: company.account_message_style,
    logo: logoUrl(company),
    is_admin: membership?.status === 'active' && membership.role === 'admin',
  };
}

/**
 * A company the caller is an active member of, current or not, by its shortname: the `company:
 * 'joined'` access rule. Another company looks exactly like one that does not exist.
 */
export async function requireJoinedCompany(
  db: Db,
  user: CompanyUser,
  shortname: string,
): Promise<CompanyCaller> {
  const company = await findCompanyByShortname(db, shortname);
  const membership = company
    ? await findMembershipOfUser(db, { companyId: company.id, userId: user.id })
    : undefined;
  if (!company || membership?.status !== 'active')
    throw notFound('This company');
  return { user, company, role: membership.role };
}

export function toCompanySettings(company: Company): CompanySettings {
  return {
    shortname: company.shortname,
    name: company.name,
    support_email: company.support_email,
    account_message: company.account_message,
    account_message_style: company.account_message_style,
    sms_enabled: company.sms_enabled,
    logo: logoUrl(company),
    data_retention_months: company.data_retention_months,
    survey_enabled: company.survey_enabled,
    survey_categories: surveyCategoriesSchema.parse(company.survey_categories),
  };
}

/** The period as the activity feed's English sentence reads it. */
function retentionPeriodText(months: number | null): string {
  if (months === null) return 'until deleted';
  if (months % 12 === 0)
    return months === 12 ? '1 year' : `${months / 12} years`;
  return `${months} months`;
}

/**
 * Saves the settings. A new retention period goes in the activity feed with who chose it:
 * shortening it erases interviewees, and the company should be able to see why they went.
 */
export async function saveCompanySettings(
  db: Db,
  options: {
    company: Company;
    userId: number;
    values: Updateable<CompaniesTable>;
  },
): Promise<void> {
  const { company, values } = options;
  await db.transaction().execute(async (trx) => {
    await updateCompany(trx, company.id, values);
    if (
      values.data_retention_months !== undefined &&
      values.data_retention_months !== company.data_retention_months
    ) {
      await emit(trx, {
        companyId: company.id,
        userId: options.userId,
        type: 'company.retention_changed',
        data: {
          months: values.data_retention_months,
          period: retentionPeriodText(values.data_retention_months),
        },
      });
    }
  });
}

// Shortnames that already mean something in URLs: the shared templates and stock videos.
const RESERVED_SHORTNAMES = new Set(['templates', STOCK_VIDEOS_SHORTNAME]);
const SHORTNAME_MAX = 40;

/** The URL name a company gets from its name: "Café Noir Ltd" → "cafe-noir-ltd". */
export function shortnameFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SHORTNAME_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'company';
}

/** `base`, or `base-2`, `base-3`… the first that is neither taken nor reserved. */
function firstFreeShortname(base: string, taken: Set<string>): string {
  if (!taken.has(base) && !RESERVED_SHORTNAMES.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A new company with its first admin (a sign-up). Everything else a company uses (its e-mail
 * templates, settings) is created with the product's defaults when first read.
 */
export async function createCompanyWithAdmin(
  db: Db,
  options: { name: string; userId: number },
): Promise<Company> {
  const base = shortnameFrom(options.name);
  for (;;) {
    const taken = new Set(await findShortnamesLike(db, base));
    const company = await insertCompanyUnlessTaken(db, {
      shortname: firstFreeShortname(base, taken),
      name: options.name,
    });
    // Another sign-up took the same shortname between the read and the insert: look again.
    if (!company) continue;
    await insertFirstAdmin(db, company.id, options.userId);
    await emit(db, {
      companyId: company.id,
      userId: options.userId,
      type: 'company.created',
      data: { name: company.name },
    });
    return company;
  }
}
