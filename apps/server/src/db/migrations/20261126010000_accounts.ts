import { sql, type Kysely } from 'kysely';

/**
 * Accounts a company can adopt (docs/decisions/116-accounts-and-team.md):
 * - memberships get a role (admin or member) and a status (invited until the person accepts
 *   the team invitation); the memberships that existed are admins, so nobody loses a right;
 * - account_tokens hold every e-mailed account link (sign-up, password reset, e-mail change,
 *   team invitation) as a hash, single-use and expiring;
 * - sign_in_failures count failed sign-ins per client address and per account, in the
 *   database so that every server process sees the same counts;
 * - reviewers keep the name their company gave them, so a company never reads the name an
 *   account holder chose elsewhere; account_status now means "accepted this company's
 *   invitation" (rows that were active stay active).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    ALTER TABLE memberships
      ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member')),
      ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'invited')),
      ADD COLUMN invited_by integer REFERENCES users(id) ON DELETE SET NULL;
    UPDATE memberships SET role = 'admin';

    ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;

    CREATE TABLE account_tokens (
      token_hash text PRIMARY KEY,
      purpose text NOT NULL
        CHECK (purpose IN ('signup', 'password_reset', 'email_change', 'join')),
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      company_id integer REFERENCES companies(id) ON DELETE CASCADE,
      email text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
    CREATE INDEX account_tokens_email_idx ON account_tokens (lower(email), purpose);
    CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at);

    CREATE TABLE sign_in_failures (
      key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      last_failed_at timestamptz NOT NULL DEFAULT now(),
      blocked_until timestamptz
    );

    ALTER TABLE reviewers
      ADD COLUMN first_name text NOT NULL DEFAULT '',
      ADD COLUMN last_name text NOT NULL DEFAULT '';
    UPDATE reviewers SET first_name = users.first_name, last_name = users.last_name
      FROM users WHERE users.id = reviewers.user_id;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    ALTER TABLE reviewers DROP COLUMN first_name, DROP COLUMN last_name;
    DROP TABLE sign_in_failures;
    DROP TABLE account_tokens;
    ALTER TABLE users DROP COLUMN last_sign_in_at;
    ALTER TABLE memberships DROP COLUMN role, DROP COLUMN status, DROP COLUMN invited_by;
  `,
  );
}

// One statement at a time: PGlite's extended protocol takes a single statement per query.
async function run(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\s*\n/))
    if (statement.trim()) await sql.raw(statement).execute(db);
}
