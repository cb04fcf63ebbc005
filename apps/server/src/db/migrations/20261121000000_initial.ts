import { sql, type Kysely } from 'kysely';

// The whole first schema in one place so every feature starts from the same tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE companies (
      id serial PRIMARY KEY,
      shortname text NOT NULL UNIQUE,
      name text NOT NULL,
      logo_key text,
      logo_updated_at timestamptz,
      support_email text NOT NULL DEFAULT '',
      sms_enabled boolean NOT NULL DEFAULT false,
      account_message text NOT NULL DEFAULT '',
      account_message_style integer NOT NULL DEFAULT 1,
      is_templates boolean NOT NULL DEFAULT false,
      marketplace_brand text NOT NULL DEFAULT '',
      marketplace_intro text NOT NULL DEFAULT '',
      feedback_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      password_hash text,
      sso_provider text,
      locale text NOT NULL DEFAULT 'en-gb',
      current_company_id integer REFERENCES companies(id) ON DELETE SET NULL,
      notify_new_responses boolean NOT NULL DEFAULT true,
      notify_daily_summary boolean NOT NULL DEFAULT false,
      is_system boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE memberships (
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, user_id)
    );
    CREATE INDEX memberships_user_idx ON memberships (user_id);

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);
    CREATE INDEX sessions_expires_idx ON sessions (expires_at);

    CREATE TABLE videos (
      id serial PRIMARY KEY,
      company_id integer REFERENCES companies(id) ON DELETE CASCADE,
      is_stock boolean NOT NULL DEFAULT false,
      uuid uuid NOT NULL UNIQUE,
      filename text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      category text NOT NULL DEFAULT '',
      original_key text,
      video_key text,
      thumbnail_key text,
      duration_seconds double precision,
      uploading boolean NOT NULL DEFAULT true,
      uploaded_at timestamptz,
      transcoded_at timestamptz,
      failed_reason text,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX videos_company_idx ON videos (company_id, created_at DESC);

    CREATE TABLE jobs (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      title text NOT NULL,
      status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Published', 'Archived')),
      function text NOT NULL DEFAULT '',
      role text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      deadline timestamptz,
      applicant_deadline_days integer,
      language text NOT NULL DEFAULT 'en-gb',
      rating_style integer NOT NULL DEFAULT 1,
      rating_scale integer NOT NULL DEFAULT 5,
      rating_min integer NOT NULL DEFAULT 1,
      allow_answer_review boolean NOT NULL DEFAULT true,
      max_retakes integer NOT NULL DEFAULT 2,
      sjt_assessment boolean NOT NULL DEFAULT false,
      survey_id integer,
      shortcode text NOT NULL UNIQUE,
      intro_video_id integer REFERENCES videos(id) ON DELETE SET NULL,
      template_of integer REFERENCES jobs(id) ON DELETE SET NULL,
      marketplace_title text NOT NULL DEFAULT '',
      marketplace_description text NOT NULL DEFAULT '',
      marketplace_details text NOT NULL DEFAULT '',
      marketplace_featured boolean NOT NULL DEFAULT false,
      marketplace_image_key text,
      marketplace_stock_image text NOT NULL DEFAULT '',
      marketplace_order integer NOT NULL DEFAULT 0,
      marketplace_public boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      archived_at timestamptz
    );
    CREATE INDEX jobs_company_created_idx ON jobs (company_id, created_at DESC);
    CREATE INDEX jobs_title_trgm_idx ON jobs USING gin (title gin_trgm_ops);

    CREATE TABLE rating_descriptions (
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      level integer NOT NULL,
      text text NOT NULL,
      PRIMARY KEY (job_id, level)
    );

    CREATE TABLE competencies (
      id serial PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      function text NOT NULL DEFAULT '',
      role text NOT NULL DEFAULT ''
    );

    CREATE TABLE bank_questions (
      id serial PRIMARY KEY,
      text text NOT NULL,
      competency integer NOT NULL DEFAULT 0,
      function text NOT NULL DEFAULT '',
      role text NOT NULL DEFAULT ''
    );

    CREATE TABLE questions (
      id serial PRIMARY KEY,
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      text text NOT NULL,
      thinking_time integer NOT NULL,
      time_limit integer NOT NULL,
      competency integer NOT NULL DEFAULT 0,
      review_competency integer,
      "order" integer NOT NULL DEFAULT 0,
      media text NOT NULL DEFAULT 'tts' CHECK (media IN ('tts', 'video')),
      video_id integer REFERENCES videos(id) ON DELETE SET NULL,
      tts_key text,
      tts_text text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX questions_job_idx ON questions (job_id, "order");

    CREATE TABLE attachments (
      id serial PRIMARY KEY,
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      filename text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      storage_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX attachments_job_idx ON attachments (job_id);

    CREATE TABLE applications (
      id serial PRIMARY KEY,
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL DEFAULT '',
      status integer NOT NULL DEFAULT 0,
      token text NOT NULL UNIQUE,
      shortcode text NOT NULL UNIQUE,
      deadline timestamptz,
      invited_at timestamptz,
      responded_at timestamptz,
      declined_at timestamptz,
      declined_reason text NOT NULL DEFAULT '',
      invitation_failed boolean NOT NULL DEFAULT false,
      archived boolean NOT NULL DEFAULT false,
      shortlisted boolean NOT NULL DEFAULT false,
      rejected boolean NOT NULL DEFAULT false,
      shortlisted_at timestamptz,
      rejected_at timestamptz,
      reviewed_at timestamptz,
      answer_count integer NOT NULL DEFAULT 0,
      review_count integer NOT NULL DEFAULT 0,
      review_average double precision,
      consented_at timestamptz,
      cv_key text,
      cv_filename text,
      source text NOT NULL DEFAULT 'added',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX applications_job_email_key ON applications (job_id, lower(email));
    CREATE INDEX applications_job_created_idx ON applications (job_id, created_at DESC, id DESC);
    CREATE INDEX applications_name_trgm_idx
      ON applications USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
    CREATE INDEX applications_email_trgm_idx ON applications USING gin (email gin_trgm_ops);

    CREATE TABLE answers (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      question_id integer NOT NULL,
      question_text text NOT NULL,
      "order" integer NOT NULL DEFAULT 0,
      thinking_time integer,
      time_limit integer,
      status text NOT NULL DEFAULT 'uploading'
        CHECK (status IN ('uploading', 'processing', 'ready', 'failed')),
      original_key text,
      video_key text,
      thumbnail_key text,
      duration_seconds double precision,
      failed_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      uploaded_at timestamptz,
      transcoded_at timestamptz,
      UNIQUE (application_id, question_id)
    );

    CREATE TABLE reviewers (
      id serial PRIMARY KEY,
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      account_status integer NOT NULL DEFAULT 0,
      is_account_holder boolean NOT NULL DEFAULT false,
      applicants integer NOT NULL DEFAULT 0,
      all_reviews boolean NOT NULL DEFAULT false,
      rating integer NOT NULL DEFAULT 0,
      reminder_email boolean NOT NULL DEFAULT false,
      invited_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (job_id, user_id)
    );
    CREATE INDEX reviewers_user_idx ON reviewers (user_id);

    CREATE TABLE reviewer_assignments (
      reviewer_id integer NOT NULL REFERENCES reviewers(id) ON DELETE CASCADE,
      application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      PRIMARY KEY (reviewer_id, application_id)
    );

    CREATE TABLE reviews (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      rating integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (application_id, user_id)
    );

    CREATE TABLE answer_reviews (
      id serial PRIMARY KEY,
      answer_id integer NOT NULL REFERENCES answers(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      rating integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (answer_id, user_id)
    );

    CREATE TABLE matrix_options (
      id serial PRIMARY KEY,
      competency integer NOT NULL DEFAULT 0,
      indicator integer NOT NULL,
      indicator_description text NOT NULL,
      level integer NOT NULL,
      text_1 text NOT NULL,
      text_2 text NOT NULL DEFAULT ''
    );

    CREATE TABLE matrix_reviews (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      question_id integer,
      competency integer NOT NULL DEFAULT 0,
      indicator integer NOT NULL,
      level integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX matrix_reviews_application_idx ON matrix_reviews (application_id);

    CREATE TABLE comments (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      comment text NOT NULL,
      is_feedback boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX comments_application_idx ON comments (application_id, created_at);

    CREATE TABLE review_comments (
      id serial PRIMARY KEY,
      application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      question_id integer,
      reviewer_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      comment text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX review_comments_application_idx ON review_comments (application_id);

    CREATE TABLE default_emails (
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('invitation', 'completion', 'rejection')),
      subject text NOT NULL DEFAULT '',
      body_text text NOT NULL,
      from_name text NOT NULL DEFAULT '',
      reply_to_email text NOT NULL DEFAULT '',
      promote_practice boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, type)
    );

    CREATE TABLE outbox (
      id bigserial PRIMARY KEY,
      company_id integer REFERENCES companies(id) ON DELETE CASCADE,
      job_id integer REFERENCES jobs(id) ON DELETE SET NULL,
      application_id integer REFERENCES applications(id) ON DELETE SET NULL,
      kind text NOT NULL,
      to_email text NOT NULL,
      from_name text NOT NULL DEFAULT '',
      reply_to text NOT NULL DEFAULT '',
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_error text,
      message_id text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status = 'pending';
    CREATE INDEX outbox_application_idx ON outbox (application_id, created_at);

    CREATE TABLE tasks (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      run_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX tasks_due_idx ON tasks (run_at) WHERE status = 'pending';

    CREATE TABLE activities (
      id bigserial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      job_id integer REFERENCES jobs(id) ON DELETE CASCADE,
      application_id integer REFERENCES applications(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      verb text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX activities_company_idx ON activities (company_id, created_at DESC, id DESC);
    CREATE INDEX activities_job_idx ON activities (job_id, created_at DESC, id DESC);
    CREATE INDEX activities_application_idx ON activities (application_id, created_at DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE activities, tasks, outbox, default_emails, review_comments, comments,
      matrix_reviews, matrix_options, answer_reviews, reviews, reviewer_assignments, reviewers,
      answers, applications, attachments, questions, bank_questions, competencies,
      rating_descriptions, jobs, videos, sessions, memberships, users, companies;
  `,
  );
}

// PGlite's extended protocol takes one statement per query.
async function runStatements(
  db: Kysely<unknown>,
  script: string,
): Promise<void> {
  for (const statement of script.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}
