import { sql, type Kysely } from 'kysely';

/**
 * Every change to a session or to what a session tells about its user is announced on the
 * channel `candor_sessions` (platform/auth/session.ts), so each server process forgets the
 * sessions it keeps in memory (docs/decisions/105-session-cache.md): 's:' and the session's
 * hashed id when a session is changed or ended, 'u:' and the user's id when their name, e-mail,
 * language or current company changes or they are deleted. NOTIFY is sent when the change
 * commits, and not at all when it rolls back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The payload's prefix is the trigger's argument: 's:' for a session, 'u:' for a user.
  await sql`CREATE FUNCTION notify_session_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('candor_sessions', TG_ARGV[0] || OLD.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER sessions_changed
    AFTER UPDATE OR DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION notify_session_change('s:')`.execute(db);
  await sql`CREATE TRIGGER users_session_changed
    AFTER UPDATE OF email, first_name, last_name, locale, current_company_id ON users
    FOR EACH ROW
    WHEN ((OLD.email, OLD.first_name, OLD.last_name, OLD.locale, OLD.current_company_id)
      IS DISTINCT FROM (NEW.email, NEW.first_name, NEW.last_name, NEW.locale,
        NEW.current_company_id))
    EXECUTE FUNCTION notify_session_change('u:')`.execute(db);
  await sql`CREATE TRIGGER users_session_deleted
    AFTER DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_session_change('u:')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_session_deleted ON users`.execute(db);
  await sql`DROP TRIGGER users_session_changed ON users`.execute(db);
  await sql`DROP TRIGGER sessions_changed ON sessions`.execute(db);
  await sql`DROP FUNCTION notify_session_change()`.execute(db);
}
