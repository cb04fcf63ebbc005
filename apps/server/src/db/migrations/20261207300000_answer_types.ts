import { sql, type Kysely } from 'kysely';

/**
 * Answers beyond video (issue 41, decision 192): a question's answer type with its character
 * limit or options; an answer's typed text or chosen options (a copy of them, so the answer
 * keeps what the candidate saw); the questions an application answered with a knockout option;
 * what an interview does after a knockout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE questions
      ADD COLUMN answer_type text NOT NULL DEFAULT 'video'
        CHECK (answer_type IN ('video', 'text', 'choice')),
      ADD COLUMN max_characters integer
        CHECK (max_characters BETWEEN 1 AND 10000),
      ADD COLUMN options jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN multiple boolean NOT NULL DEFAULT false
  `.execute(db);
  await sql`
    ALTER TABLE answers
      ADD COLUMN answer_type text NOT NULL DEFAULT 'video',
      ADD COLUMN text_answer text,
      ADD COLUMN choices jsonb
  `.execute(db);
  await sql`
    ALTER TABLE applications
      ADD COLUMN knockout_question_ids integer[] NOT NULL DEFAULT '{}'
  `.execute(db);
  await sql`
    ALTER TABLE jobs
      ADD COLUMN knockout_action text NOT NULL DEFAULT 'flag'
        CHECK (knockout_action IN ('flag', 'reject', 'reject_and_email'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs DROP COLUMN knockout_action`.execute(db);
  await sql`ALTER TABLE applications DROP COLUMN knockout_question_ids`.execute(
    db,
  );
  await sql`
    ALTER TABLE answers
      DROP COLUMN answer_type, DROP COLUMN text_answer, DROP COLUMN choices
  `.execute(db);
  await sql`
    ALTER TABLE questions
      DROP COLUMN answer_type, DROP COLUMN max_characters,
      DROP COLUMN options, DROP COLUMN multiple
  `.execute(db);
}
