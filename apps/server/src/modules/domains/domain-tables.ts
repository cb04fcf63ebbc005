import type { ColumnType, GeneratedAlways } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** A domain a company claims (migration 20261208110000_verified_domains, decision 201). */
export type CompanyDomainsTable = {
  id: GeneratedAlways<number>;
  company_id: number;
  domain: string;
  /** The secret the TXT record must name; shown to the company's admins only. */
  token: string;
  verified_at: ColumnType<Date | null, Date | null | undefined, Date>;
  created_at: CreatedAt;
};

export type DomainTables = { company_domains: CompanyDomainsTable };
