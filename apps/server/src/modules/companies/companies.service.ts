import {
  changedFields,
  SMS_SETTINGS_DEFAULTS,
  STOCK_VIDEOS_SHORTNAME,
  surveyCategoriesSchema,
  type Branding,
  type CompanySettings,
  type CurrentCompany,
  type SmsSettings,
} from '@candor/domain';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { CompaniesTable, Company } from '../../db/schema';
import { AppError, notFound } from '../../platform/http/errors';
import { findCompanySms, saveCompanySmsSettings } from '../sms/sms.repository';
import { emit } from '../../platform/events/emit';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../audit-log/audit-log.service';
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

/** The company as a candidate's page shows it: its name, logo and colour (decision 198). */
export function brandingOf(company: {
  name: string;
  shortname: string;
  logo_key: string | null;
  logo_updated_at: Date | null;
  brand_color: string | null;
}): Branding {
  return {
    name: company.name,
    logo: logoUrl(company),
    brand_color: company.brand_color,
  };
}

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

export function toCompanySettings(
  company: Company,
): Omit<CompanySettings, keyof SmsSettings> {
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
    brand_color: company.brand_color,
  };
}

/** The company's text message settings as the settings page shows them. */
export async function smsSettingsOf(
  db: Db,
  companyId: number,
): Promise<SmsSettings> {
  const sms = await findCompanySms(db, companyId);
  if (!sms) return SMS_SETTINGS_DEFAULTS;
  return {
    sms_sender_name: sms.sender_name,
    sms_default_country: sms.default_country,
    sms_daily_cap: Number(sms.daily_cap),
  };
}

/**
 * Texts cost money and speak for the company: only an admin turns them on or changes their
 * sender, country or cap. A member may save the other settings with these unchanged.
 */
export async function assertMaySetSms(
  db: Db,
  options: {
    user: CompanyUser;
    company: Company;
    current: CompanySettings;
    sms: Partial<Pick<CompanySettings, 'sms_enabled' | keyof SmsSettings>>;
  },
): Promise<void> {
  const changes = Object.entries(options.sms).some(
    ([key, value]) =>
      value !== undefined &&
      value !== options.current[key as keyof typeof options.sms],
  );
  if (!changes) return;
  const membership = await findMembershipOfUser(db, {
    companyId: options.company.id,
    userId: options.user.id,
  });
  if (membership?.status !== 'active' || membership.role !== 'admin')
    throw new AppError(
      'forbidden',
      'Only an admin can change the text message settings.',
    );
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
    origin: RequestOrigin;
    /** The text message settings beside `sms_enabled`; undefined ones stay as they are. */
    sms?: {
      sender_name?: string | undefined;
      default_country?: string | undefined;
      daily_cap?: number | undefined;
    };
  },
): Promise<void> {
  const { company, values } = options;
  const sms = Object.fromEntries(
    Object.entries(options.sms ?? {}).filter(
      ([, value]) => value !== undefined,
    ),
  );
  await db.transaction().execute(async (trx) => {
    // Recorded first: the row compares with the text message settings as they were.
    await recordSettingsChange(trx, {
      company,
      values,
      sms,
      origin: options.origin,
    });
    await updateCompany(trx, company.id, values);
    if (Object.keys(sms).length > 0)
      await saveCompanySmsSettings(trx, company.id, sms);
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

/**
 * The audit log's line for a settings save: each company field and text message setting that
 * changed, with its value before and after; a new logo as replaced.
 */
async function recordSettingsChange(
  db: Db,
  options: {
    company: Company;
    values: Updateable<CompaniesTable>;
    sms: Record<string, unknown>;
    origin: RequestOrigin;
  },
): Promise<void> {
  const { company, sms } = options;
  // The logo's key and time say only that it was replaced.
  const { logo_key, logo_updated_at, ...values } = options.values;
  const details: Record<string, unknown> = changedFields(
    company as Record<string, unknown>,
    values,
  );
  if (logo_key !== undefined || logo_updated_at !== undefined)
    details.logo = 'replaced';
  if (Object.keys(sms).length > 0) {
    const current = await smsSettingsOf(db, company.id);
    const smsChanges = changedFields(
      {
        sender_name: current.sms_sender_name,
        default_country: current.sms_default_country,
        daily_cap: current.sms_daily_cap,
      },
      sms,
    );
    if (Object.keys(smsChanges).length > 0) details.sms = smsChanges;
  }
  if (Object.keys(details).length === 0) return;
  await recordAudit(db, {
    companyId: company.id,
    origin: options.origin,
    action: 'settings.updated',
    target: { type: 'company', id: company.id, label: company.name },
    details,
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
