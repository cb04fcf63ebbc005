import { sql, type Kysely } from 'kysely';

/**
 * The domains a company claims and proves by a DNS TXT record (issue 44, decision 201). Any
 * company may claim a domain; once one has verified it, no other can.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE company_domains (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      domain text NOT NULL CHECK (domain = lower(domain)),
      token text NOT NULL,
      verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, domain)
    )
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX company_domains_verified_once
      ON company_domains (domain) WHERE verified_at IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE company_domains`.execute(db);
}
