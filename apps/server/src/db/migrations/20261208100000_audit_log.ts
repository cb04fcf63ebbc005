import { sql, type Kysely } from 'kysely';

/**
 * The audit log (issue 44, decision 195): one row per security-relevant act of a company, and how
 * long the company keeps them. Rows are append-only: a trigger refuses UPDATE and DELETE unless
 * the transaction says it is the retention pruner (`SET LOCAL candor.audit_prune = 'on'`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE companies
      ADD COLUMN audit_retention_days integer NOT NULL DEFAULT 365
        CHECK (audit_retention_days BETWEEN 30 AND 3650)
  `.execute(db);
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies (id),
      at timestamptz NOT NULL DEFAULT now(),
      actor_type text NOT NULL
        CHECK (actor_type IN ('user', 'api_key', 'sso', 'system')),
      actor_id integer,
      actor_name text NOT NULL,
      action text NOT NULL,
      target_type text,
      target_id text,
      target_label text,
      ip text,
      user_agent text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb
    )
  `.execute(db);
  await sql`CREATE INDEX audit_log_company_at ON audit_log (company_id, at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The pruner's transaction says who it is; nobody else changes or deletes a row.
      IF current_setting('candor.audit_prune', true) = 'on' AND TG_OP = 'DELETE' THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER audit_log_append_only
      BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()
  `.execute(db);
  await sql`
    CREATE TRIGGER audit_log_not_truncated
      BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
  await sql`ALTER TABLE companies DROP COLUMN audit_retention_days`.execute(db);
}
