import { sql, type Kysely } from 'kysely';

/** The company's colour on candidates' pages and e-mails (issue 47, decision 198); null: Candor's. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE companies
      ADD COLUMN brand_color text CHECK (brand_color ~ '^#[0-9a-f]{6}$')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies DROP COLUMN brand_color`.execute(db);
}
