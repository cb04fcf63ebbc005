import type { CompanySettings, CurrentCompany } from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Company } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { findCompanyById } from './companies.repository';

/** The logo's public path with a time-based suffix, so a new logo is never served from cache. */
export function logoUrl(
  company: Pick<Company, 'shortname' | 'logo_key' | 'logo_updated_at'>,
): string | null {
  if (!company.logo_key || !company.logo_updated_at) return null;
  return `/media/logo/${company.shortname}?v=${new Date(company.logo_updated_at).getTime()}`;
}

export async function companyForUser(
  ctx: AppContext,
  companyId: number,
): Promise<CurrentCompany> {
  const company = await findCompanyById(ctx.db, companyId);
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
  };
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
  };
}
