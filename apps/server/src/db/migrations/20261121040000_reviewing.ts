import { sql, type Kysely } from 'kysely';

// Reviewing: matrix options split into STAR competency and communication sets, one matrix
// review per indicator and question for each reviewer, and reviewer invitation links.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `ALTER TABLE matrix_options ADD COLUMN kind text NOT NULL DEFAULT 'competency'
       CHECK (kind IN ('competency', 'communication'))`,
    `CREATE UNIQUE INDEX matrix_options_cell_key ON matrix_options (kind, competency, indicator, level)`,
    // question_id is null for communication reviews; coalesce makes those unique too.
    `CREATE UNIQUE INDEX matrix_reviews_cell_key
       ON matrix_reviews (application_id, user_id, (coalesce(question_id, 0)), indicator)`,
    `CREATE INDEX review_comments_reviewer_idx ON review_comments (application_id, reviewer_user_id, question_id)`,
    `CREATE INDEX reviews_user_idx ON reviews (user_id)`,
    `CREATE INDEX answer_reviews_user_idx ON answer_reviews (user_id)`,
    `CREATE TABLE reviewer_invites (
       token_hash text PRIMARY KEY,
       reviewer_id integer NOT NULL REFERENCES reviewers(id) ON DELETE CASCADE,
       user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       created_at timestamptz NOT NULL DEFAULT now(),
       expires_at timestamptz NOT NULL,
       used_at timestamptz
     )`,
    `CREATE INDEX reviewer_invites_user_idx ON reviewer_invites (user_id)`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  // The matrix is reference data every database needs, not demo data.
  await db
    .insertInto('matrix_options' as never)
    .values(
      MATRIX_OPTIONS.map(
        ([kind, indicator, indicator_description, level, text_1, text_2]) => ({
          kind,
          competency: 0,
          indicator,
          indicator_description,
          level,
          text_1,
          text_2,
        }),
      ) as never,
    )
    .execute();
}

type OptionRow = [
  kind: 'competency' | 'communication',
  indicator: number,
  description: string,
  level: 0 | 1,
  text1: string,
  text2: string,
];

// text_1 is what the reviewer reads in the cell; text_2 is what the interviewee reads as feedback.
const MATRIX_OPTIONS: OptionRow[] = [
  [
    'competency',
    0,
    'Situation: sets the scene',
    0,
    'Describes a specific, real situation with enough context to follow',
    'You set the scene well: the situation you described was specific, real and easy to follow.',
  ],
  [
    'competency',
    0,
    'Situation: sets the scene',
    1,
    'Situation vague, generic or hypothetical; little or no context',
    'Start from one specific, real situation and give just enough context for the listener to follow.',
  ],
  [
    'competency',
    1,
    'Task: explains the responsibility',
    0,
    'States clearly their own role, goal or responsibility',
    'You explained clearly what you were responsible for and what needed to be achieved.',
  ],
  [
    'competency',
    1,
    'Task: explains the responsibility',
    1,
    'Unclear what they were responsible for or what the goal was',
    'Say plainly what your own responsibility was and what outcome was expected of you.',
  ],
  [
    'competency',
    2,
    'Action: describes what they did',
    0,
    'Describes the steps they personally took, and why',
    'You described the steps you took yourself and the reasons behind your choices.',
  ],
  [
    'competency',
    2,
    'Action: describes what they did',
    1,
    "Talks about what 'we' did or stays general; own actions unclear",
    'Focus on what you personally did, step by step, and why you chose that approach.',
  ],
  [
    'competency',
    3,
    'Result: shares the outcome',
    0,
    'States the outcome, ideally measurable, and what they learned',
    'You shared a clear outcome and reflected on what you learned from it.',
  ],
  [
    'competency',
    3,
    'Result: shares the outcome',
    1,
    'No clear outcome, or no reflection on what was learned',
    'Finish with the result of your actions, with figures where you can, and what you learned.',
  ],
  [
    'communication',
    0,
    'Clarity',
    0,
    'Speaks clearly at a comfortable pace; easy to follow',
    'You spoke clearly and at a comfortable pace, which made your answers easy to follow.',
  ],
  [
    'communication',
    0,
    'Clarity',
    1,
    'Hard to follow: too fast, too quiet or unclear',
    'Slow down a little and speak clearly so each of your points lands.',
  ],
  [
    'communication',
    1,
    'Structure',
    0,
    'Answers are organised, with a clear beginning and end',
    'Your answers were well organised, with a clear beginning and end.',
  ],
  [
    'communication',
    1,
    'Structure',
    1,
    'Answers wander or repeat; the main point gets lost',
    'Plan your answer before you speak so your main point stands out.',
  ],
  [
    'communication',
    2,
    'Engagement',
    0,
    'Comes across as confident, engaged and motivated',
    'You came across as confident and genuinely engaged.',
  ],
  [
    'communication',
    2,
    'Engagement',
    1,
    'Appears hesitant or disengaged; little energy',
    'Let your interest show: look at the camera and speak with a little more energy.',
  ],
  [
    'communication',
    3,
    'Conciseness',
    0,
    'Uses the time well and stays to the point',
    'You used your time well and stayed to the point.',
  ],
  [
    'communication',
    3,
    'Conciseness',
    1,
    'Answers run long, or stop before answering the question',
    'Keep your answers focused on the question, and make sure you answer it fully.',
  ],
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `DELETE FROM matrix_options WHERE competency = 0`,
    `DROP TABLE reviewer_invites`,
    `DROP INDEX answer_reviews_user_idx`,
    `DROP INDEX reviews_user_idx`,
    `DROP INDEX review_comments_reviewer_idx`,
    `DROP INDEX matrix_reviews_cell_key`,
    `DROP INDEX matrix_options_cell_key`,
    `ALTER TABLE matrix_options DROP COLUMN kind`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
