import { randomBytes } from 'node:crypto';
import {
  domainRecordName,
  domainRecordValue,
  holdsDomainToken,
  type CompanyDomain,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import { AppError, notFound } from '../../platform/http/errors';
import type { RequestOrigin } from '../../platform/http/request-origin';
import { recordAudit } from '../audit-log/audit-log.service';
import {
  findCompanyDomain,
  insertCompanyDomain,
  isVerifiedElsewhere,
  markDomainVerified,
  type DomainRow,
} from './domains.repository';
import type { TxtLookup } from './txt-records';

const TAKEN = 'Another company has already verified this domain.';

export function toCompanyDomain(row: DomainRow): CompanyDomain {
  return {
    id: row.id,
    domain: row.domain,
    status: row.verified_at ? 'verified' : 'pending',
    record: {
      type: 'TXT',
      name: domainRecordName(row.domain),
      value: domainRecordValue(row.token),
    },
    verified_at: row.verified_at ? row.verified_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

const domainTarget = (row: DomainRow) => ({
  type: 'domain',
  id: row.id,
  label: row.domain,
});

/** The company's claim of a domain, with the token its TXT record must name. */
export function addCompanyDomain(
  db: Db,
  options: { companyId: number; domain: string; origin: RequestOrigin },
): Promise<CompanyDomain> {
  const { companyId, domain, origin } = options;
  return db.transaction().execute(async (trx) => {
    const row = await insertCompanyDomain(trx, {
      companyId,
      domain,
      token: randomBytes(18).toString('base64url'),
    });
    if (!row)
      throw new AppError('conflict', 'This domain is already listed.', {
        domain: ['This domain is already listed.'],
      });
    await recordAudit(trx, {
      companyId,
      origin,
      action: 'domain.added',
      target: domainTarget(row),
    });
    return toCompanyDomain(row);
  });
}

/**
 * Looks for the TXT record and marks the domain verified when it names the token. The check is
 * made again on each try, so a record added late verifies on the next one.
 */
export async function verifyCompanyDomain(
  db: Db,
  options: {
    companyId: number;
    id: number;
    origin: RequestOrigin;
    lookupTxt: TxtLookup;
  },
): Promise<CompanyDomain> {
  const { companyId, id, origin } = options;
  const row = await findCompanyDomain(db, { companyId, id });
  if (!row) throw notFound('This domain');
  if (row.verified_at) return toCompanyDomain(row);
  const name = domainRecordName(row.domain);
  let records: string[][];
  try {
    records = await options.lookupTxt(name);
  } catch {
    throw new AppError(
      'bad_request',
      'The DNS servers did not answer. Try again in a few minutes.',
    );
  }
  if (!holdsDomainToken(records, row.token))
    throw new AppError(
      'bad_request',
      `The TXT record ${name} with this domain’s value was not found yet. A new record can take a while to be seen: try again later.`,
    );
  if (await isVerifiedElsewhere(db, { companyId, domain: row.domain }))
    throw new AppError('conflict', TAKEN);
  const at = new Date();
  try {
    await db.transaction().execute(async (trx) => {
      await markDomainVerified(trx, { companyId, id, at });
      await recordAudit(trx, {
        companyId,
        origin,
        action: 'domain.verified',
        target: domainTarget(row),
        details: { record: name },
      });
    });
  } catch (error) {
    // Another company verified it between the check and the update.
    if ((error as { code?: unknown }).code === '23505')
      throw new AppError('conflict', TAKEN);
    throw error;
  }
  return toCompanyDomain({ ...row, verified_at: at });
}
