/**
 * `npm run seed:large`: the large, realistic, deterministic data set of the benchmarks
 * (issue 9, docs/benchmarks.md). Every value is a hash of the row number and --seed, computed
 * by PostgreSQL in a few INSERT ... SELECT FROM generate_series statements per table, so a
 * full-size run (1.1 million applicants, ~5 million answers) takes minutes, not hours.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/candor_bench npm run seed:large
 *   DATA_DIR=/tmp/candor-h8 npm run seed:large -- --scale 0.01     (embedded PGlite)
 *
 * Options: --seed N (default 1), --scale S (default 1 on PostgreSQL, 0.01 on PGlite),
 * --force (add to a database that holds data other than an earlier bench run).
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { hashPassword } from '../src/platform/auth/password';
import { loadConfig } from '../src/config';
import { openDatabase, pgliteDirFor } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { BENCH, numberArg, parseArgs } from './bench/args';

type Run = (text: string) => Promise<Record<string, unknown>[]>;

/** Tables whose secondary indexes are dropped during the load and rebuilt after it. */
const LARGE_TABLES = [
  'applications',
  'answers',
  'reviews',
  'answer_reviews',
  'comments',
  'activities',
  'outbox',
];

const FIRST_NAMES = `Olivia Amelia Isla Ava Mia Ivy Lily Isabella Rosie Sophia Grace Freya Willow
  Florence Emily Ella Poppy Evie Elsie Charlotte Evelyn Sienna Sofia Daisy Phoebe Harper Alice
  Matilda Ruby Emilia Noah Oliver George Arthur Muhammad Leo Harry Oscar Archie Henry Theodore
  Freddie Jack Charlie Theo Alfie Jacob Thomas Finley Arlo William Lucas Roman Tommy Isaac
  Teddy Alexander Luca Edward James Joshua Albie Elijah Max Mohammed Reuben Mason Sebastian
  Rory Jude Louis Benjamin Ezra Chloe Zara Hannah Amira Aisha Priya Chen Wei Yuki Mateo
  Camille Louise Manon Hugo Jules Gabriel Raphael Lea Ines Chiara Giulia Lukas Anna Sven Ingrid`;
const LAST_NAMES = `Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Robinson Wright
  Thompson Evans Walker White Roberts Green Hall Thomas Clarke Jackson Wood Harris Edwards Turner
  Martin Cooper Hill Ward Hughes Moore Clark King Harrison Lewis Baker Lee Allen Morris Khan Scott
  Watson Davis Parker James Bennett Young Phillips Richardson Mitchell Bailey Carter Cook Singh
  Shaw Bell Collins Morgan Kelly Begum Miller Cox Hussain Marshall Simpson Price Anderson Adams
  Wilkinson Ali Ahmed Foster Ellis Murphy Chapman Mason Gray Richards Webb Griffiths Hunt Palmer
  Campbell Holmes Mills Rogers Barnes Knight Matthews Barker Powell Stevens Kaur Dubois Moreau
  Laurent Lefebvre Rossi Russo Ferrari Schmidt Schneider Fischer Novak Kowalski Nguyen Tanaka
  Okafor Mensah Silva Santos Fernandes Garcia Martinez Lopez Gonzalez OConnor Byrne Fitzgerald`;
const DOMAINS = `gmail.com outlook.com yahoo.co.uk hotmail.com icloud.com proton.me btinternet.com
  sky.com live.co.uk mail.com orange.fr free.fr web.de gmx.de uni.ac.uk`;
const ROLES = `Graduate Analyst|Software Engineer|Data Scientist|Customer Success Manager|
  Sales Executive|Marketing Assistant|Account Manager|Product Designer|Project Coordinator|
  Financial Analyst|HR Advisor|Operations Manager|Store Manager|Nurse|Teaching Assistant|
  Warehouse Supervisor|Legal Counsel|Research Scientist|Business Analyst|Call Centre Agent`;
const COMMENT_WORDS = `strong clear answer good example structured confident relevant needs
  follow-up experience team leadership technical communication concise detailed thoughtful
  motivated interview second round shortlist salary notice period availability remote`;

function sqlArray(text: string, separator: RegExp = /\s+/): string {
  const items = text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
  return `(ARRAY[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}])`;
}

/** Picks one item of an SQL array literal from a [0,1) random expression. */
function pick(array: string, random: string): string {
  return `${array}[1 + floor(${random} * array_length(${array}, 1))::int]`;
}

export type Sizes = {
  companies: number;
  bigJobs: number;
  smallJobs: number;
  bigApplications: number;
  hotApplications: number;
  smallApplications: number;
  questionsPerJob: number;
  bigUsers: number;
  smallUsers: number;
};

export function sizesFor(scale: number): Sizes {
  return {
    companies: 50,
    bigJobs: Math.max(2, Math.round(1000 * scale)),
    smallJobs: Math.max(1, Math.round(20 * scale)),
    bigApplications: Math.max(20, Math.round(1_000_000 * scale)),
    hotApplications: Math.max(10, Math.round(100_000 * scale)),
    smallApplications: Math.max(1, Math.round(2000 * scale)),
    questionsPerJob: 7,
    bigUsers: 20,
    smallUsers: 2,
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const onPostgres = config.databaseUrl !== undefined;
  const seed = Math.floor(numberArg(args, 'seed', 1));
  const scale = numberArg(args, 'scale', onPostgres ? 1 : 0.01);
  const force = args.get('force') === 'true';
  const sizes = sizesFor(scale);
  const started = performance.now();

  const { db, pglite } = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
  });
  let client: pg.Client | undefined;
  let run: Run;
  if (pglite) {
    run = async (text) => {
      const results = await (pglite as PGlite).exec(text);
      return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
    };
  } else {
    client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    const connected = client;
    run = async (text) => {
      const result = (await connected.query(text)) as unknown as
        pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as Record<string, unknown>[];
    };
  }
  try {
    const where = onPostgres
      ? config.databaseUrl
      : pgliteDirFor(config.dataDir);
    console.log(`seed:large seed=${seed} scale=${scale} into ${where}`);
    // Checked before migrating, so a refused database is left exactly as it was.
    await refuseForeignData(run, force);
    await migrateToLatest(db);
    await clearEarlierRun(run);
    const passwordHash = await hashPassword(BENCH.password);
    await generate(run, { seed, sizes, passwordHash }, (label, ms, rows) =>
      console.log(
        `  ${label.padEnd(22)} ${String(rows ?? '').padStart(9)} rows ${(ms / 1000).toFixed(1).padStart(7)} s`,
      ),
    );
    console.log(
      `seed:large done in ${((performance.now() - started) / 1000).toFixed(1)} s. ` +
        `Sign in as ${BENCH.ownerEmail} / ${BENCH.password}.`,
    );
  } finally {
    await client?.end();
    await db.destroy();
  }
}

async function countForeignCompanies(run: Run): Promise<number> {
  const [table] = await run(
    `SELECT to_regclass('public.companies') IS NOT NULL AS found`,
  );
  if (!table?.found) return 0;
  const [other] = await run(
    `SELECT count(*)::int AS n FROM companies WHERE shortname NOT LIKE '${BENCH.companyPrefix}%'`,
  );
  return Number(other?.n ?? 0);
}

/** Refuses a database with companies that are not bench data, unless --force. */
async function refuseForeignData(run: Run, force: boolean): Promise<void> {
  const foreign = await countForeignCompanies(run);
  if (foreign > 0 && !force) {
    throw new Error(
      `This database has ${foreign} companies that are not bench data; ` +
        'use a database of its own (candor_bench) or pass --force.',
    );
  }
}

/** Empties what an earlier bench run left (everything, when only bench data is there). */
async function clearEarlierRun(run: Run): Promise<void> {
  const foreign = await countForeignCompanies(run);
  if (foreign === 0) {
    await run(
      `TRUNCATE companies, users, outbox, tasks, sessions, videos RESTART IDENTITY CASCADE`,
    );
  } else {
    await run(
      `DELETE FROM companies WHERE shortname LIKE '${BENCH.companyPrefix}%';
       DELETE FROM users WHERE email LIKE '%@bench%.test'`,
    );
  }
}

type Plan = { seed: number; sizes: Sizes; passwordHash: string };

async function generate(
  run: Run,
  plan: Plan,
  report: (label: string, ms: number, rows?: number) => void,
): Promise<void> {
  const { seed, sizes: z } = plan;
  const step = async (label: string, text: string, countTable?: string) => {
    const start = performance.now();
    await run(text);
    const rows = countTable
      ? Number(
          (await run(`SELECT count(*)::int AS n FROM ${countTable}`))[0]?.n,
        )
      : undefined;
    report(label, performance.now() - start, rows);
  };
  const base = async (table: string) =>
    Number(
      (await run(`SELECT coalesce(max(id), 0)::int AS n FROM ${table}`))[0]?.n,
    );
  const cBase = await base('companies');
  const uBase = await base('users');
  const jBase = await base('jobs');
  const qBase = await base('questions');
  const aBase = await base('applications');
  const smallCompanies = z.companies - 1;
  const userCount = z.bigUsers + smallCompanies * z.smallUsers;
  const jobCount = z.bigJobs + smallCompanies * z.smallJobs;
  const appCount = z.bigApplications + smallCompanies * z.smallApplications;
  const q = z.questionsPerJob;
  // Company number (1 = the big one) of a job or user number; users of company k are contiguous.
  const companyOfJob = (j: string) =>
    `(CASE WHEN ${j} <= ${z.bigJobs} THEN 1 ELSE 2 + (${j} - ${z.bigJobs} - 1) / ${z.smallJobs} END)`;
  const userOf = (k: string, i: string) =>
    `(${uBase} + CASE WHEN ${k} = 1 THEN 1 + (${i}) % ${z.bigUsers}
       ELSE ${z.bigUsers} + (${k} - 2) * ${z.smallUsers} + 1 + (${i}) % ${z.smallUsers} END)`;
  const ownerOf = (k: string) =>
    `(${uBase} + CASE WHEN ${k} = 1 THEN 1 ELSE ${z.bigUsers} + (${k} - 2) * ${z.smallUsers} + 1 END)`;

  await run(`
    SET synchronous_commit = off;
    SET maintenance_work_mem = '512MB';
    SET session_replication_role = replica;
    CREATE OR REPLACE FUNCTION pg_temp.rnd(n bigint, salt int) RETURNS float8
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT (hashint8extended(n, ${seed} * 1000 + salt) & 2147483647)::float8 / 2147483648 $$;
  `);
  // One transaction: a failed run leaves the database as it was, indexes included.
  await run('BEGIN');
  const indexes = await run(`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${LARGE_TABLES.map((t) => `'${t}'`).join(',')})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`);
  await step(
    'drop secondary indexes',
    indexes.map((row) => `DROP INDEX ${String(row.indexname)};`).join('\n') ||
      'SELECT 1',
  );

  const firstNames = sqlArray(FIRST_NAMES);
  const lastNames = sqlArray(LAST_NAMES);
  await step(
    'companies, users',
    `
    INSERT INTO companies (id, shortname, name, support_email)
    SELECT ${cBase} + k,
      CASE WHEN k = 1 THEN '${BENCH.bigCompany}' ELSE '${BENCH.companyPrefix}' || lpad((k - 1)::text, 2, '0') END,
      CASE WHEN k = 1 THEN 'Bench Big Corporation' ELSE 'Bench Company ' || (k - 1) END,
      'support@bench.test'
    FROM generate_series(1, ${z.companies}) k;
    INSERT INTO users (id, email, first_name, last_name, password_hash, current_company_id)
    SELECT ${uBase} + i,
      CASE WHEN i = 1 THEN '${BENCH.ownerEmail}' ELSE 'user' || i || '@bench.test' END,
      ${pick(firstNames, 'pg_temp.rnd(i, 1)')}, ${pick(lastNames, 'pg_temp.rnd(i, 2)')},
      '${plan.passwordHash}',
      ${cBase} + CASE WHEN i <= ${z.bigUsers} THEN 1 ELSE 2 + (i - ${z.bigUsers} - 1) / ${z.smallUsers} END
    FROM generate_series(1, ${userCount}) i;
    INSERT INTO memberships (company_id, user_id)
    SELECT current_company_id, id FROM users WHERE id > ${uBase};
    SELECT setval('companies_id_seq', (SELECT max(id) FROM companies));
    SELECT setval('users_id_seq', (SELECT max(id) FROM users));`,
    'users',
  );

  await step(
    'jobs, questions',
    `
    INSERT INTO jobs (id, company_id, created_by, title, status, function, role, shortcode,
      created_at, updated_at, published_at)
    SELECT ${jBase} + j, ${cBase} + k, ${ownerOf('k')},
      ${pick(sqlArray(ROLES, /\|/), 'pg_temp.rnd(j, 3)')} || ' ' || (2025 + j % 2) || ' #' || j,
      CASE WHEN pg_temp.rnd(j, 4) < 0.8 THEN 'Published' WHEN pg_temp.rnd(j, 4) < 0.9 THEN 'Draft' ELSE 'Archived' END,
      '', '', 'bench' || (${jBase} + j),
      created, created, CASE WHEN pg_temp.rnd(j, 4) < 0.8 OR pg_temp.rnd(j, 4) >= 0.9 THEN created + interval '1 day' END
    FROM generate_series(1, ${jobCount}) j
    CROSS JOIN LATERAL (SELECT ${companyOfJob('j')} AS k,
      timestamptz '2025-01-01' + pg_temp.rnd(j, 5) * interval '600 days' AS created) x;
    INSERT INTO questions (id, job_id, text, thinking_time, time_limit, "order", media)
    SELECT ${qBase} + (j - 1) * ${q} + o, ${jBase} + j,
      'Tell us about a time you ' || (ARRAY['led a team','solved a hard problem','changed your mind',
        'handled a difficult customer','missed a deadline','learned something quickly','disagreed with a manager'])[o],
      30, 120, o, 'tts'
    FROM generate_series(1, ${jobCount}) j CROSS JOIN generate_series(1, ${q}) o;
    INSERT INTO reviewers (job_id, user_id, account_status, is_account_holder, all_reviews)
    SELECT id, created_by, 1, true, true FROM jobs WHERE id > ${jBase};
    SELECT setval('jobs_id_seq', (SELECT max(id) FROM jobs));
    SELECT setval('questions_id_seq', (SELECT max(id) FROM questions));`,
    'jobs',
  );

  // Stage mix over applicants: 10% to invite, 20% awaiting, 28% responded, 25% reviewed,
  // 17% with an outcome; 5% archived. n <= hot all belong to the big company's first job.
  await step(
    'applications',
    `
    INSERT INTO applications (id, job_id, first_name, last_name, email, status, token, shortcode,
      deadline, invited_at, responded_at, declined_at, invitation_failed, archived, shortlisted,
      rejected, shortlisted_at, rejected_at, reviewed_at, answer_count, review_count,
      review_average, consented_at, source, created_at, updated_at)
    SELECT ${aBase} + n, ${jBase} + job, fn, ln,
      lower(fn) || '.' || lower(ln) || n || '@' || ${pick(sqlArray(DOMAINS), 'pg_temp.rnd(n, 6)')},
      CASE WHEN stage >= 2 AND answers < ${q} AND pg_temp.rnd(n, 7) < 0.5 THEN 6 ELSE 0 END,
      md5('bench-${seed}-' || n), 'ba' || to_hex(${aBase} + n),
      CASE WHEN stage >= 1 THEN invited + pg_temp.rnd(n, 8) * interval '720 days' END,
      CASE WHEN stage >= 1 OR failed THEN invited END,
      CASE WHEN stage >= 2 THEN responded END,
      CASE WHEN stage = 1 AND pg_temp.rnd(n, 9) < 0.1 THEN invited + interval '2 days' END,
      failed, pg_temp.rnd(n, 10) < 0.05,
      stage = 4 AND shortlist, stage = 4 AND NOT shortlist,
      CASE WHEN stage = 4 AND shortlist THEN responded + interval '8 days' END,
      CASE WHEN stage = 4 AND NOT shortlist THEN responded + interval '8 days' END,
      CASE WHEN stage >= 3 AND pg_temp.rnd(n, 11) < 0.7 THEN responded + interval '5 days' END,
      CASE WHEN stage >= 2 THEN answers ELSE 0 END,
      CASE WHEN stage >= 3 THEN reviews ELSE 0 END,
      CASE WHEN stage >= 3 THEN 1 + round(pg_temp.rnd(n, 12) * 4) END,
      CASE WHEN stage >= 2 THEN responded END,
      'added', created, created
    FROM generate_series(1, ${appCount}) n
    CROSS JOIN LATERAL (SELECT
      CASE WHEN n <= ${z.hotApplications} THEN 1
        WHEN n <= ${z.bigApplications} THEN 2 + floor(pg_temp.rnd(n, 13) * ${z.bigJobs - 1})::int
        ELSE ${z.bigJobs} + ((n - ${z.bigApplications} - 1) % ${smallCompanies}) * ${z.smallJobs}
          + 1 + floor(pg_temp.rnd(n, 13) * ${z.smallJobs})::int END AS job,
      CASE WHEN pg_temp.rnd(n, 14) < 0.10 THEN 0 WHEN pg_temp.rnd(n, 14) < 0.30 THEN 1
        WHEN pg_temp.rnd(n, 14) < 0.58 THEN 2 WHEN pg_temp.rnd(n, 14) < 0.83 THEN 3 ELSE 4 END AS stage,
      ${pick(firstNames, 'pg_temp.rnd(n, 15)')} AS fn,
      ${pick(lastNames, 'pg_temp.rnd(n, 16)')} AS ln,
      timestamptz '2025-01-01' + pg_temp.rnd(n, 17) * interval '680 days' AS created,
      CASE WHEN pg_temp.rnd(n, 18) < 0.1 THEN 3 + floor(pg_temp.rnd(n, 19) * ${q - 3})::int ELSE ${q} END AS answers,
      1 + (pg_temp.rnd(n, 20) < 0.5)::int AS reviews,
      pg_temp.rnd(n, 21) < 0.4 AS shortlist) s
    CROSS JOIN LATERAL (SELECT
      s.created + (1 + pg_temp.rnd(n, 22) * 47) * interval '1 hour' AS invited,
      s.stage = 0 AND pg_temp.rnd(n, 23) < 0.1 AS failed) i
    CROSS JOIN LATERAL (SELECT
      i.invited + (1 + pg_temp.rnd(n, 24) * 119) * interval '1 hour' AS responded) r;
    SELECT setval('applications_id_seq', (SELECT max(id) FROM applications));`,
    'applications',
  );

  await step(
    'answers',
    `
    INSERT INTO answers (application_id, question_id, question_text, "order", thinking_time,
      time_limit, status, video_key, thumbnail_key, duration_seconds, created_at, uploaded_at,
      transcoded_at)
    SELECT a.id, ${qBase} + (a.job_id - ${jBase} - 1) * ${q} + o, 'Question ' || o, o, 30, 120,
      'ready', 'bench/answers/' || a.id || '-' || o || '.mp4',
      'bench/answers/' || a.id || '-' || o || '.jpg',
      15 + pg_temp.rnd(a.id * 8 + o, 25) * 100, a.responded_at, a.responded_at, a.responded_at
    FROM applications a CROSS JOIN LATERAL generate_series(1, a.answer_count) o
    WHERE a.id > ${aBase} AND a.answer_count > 0`,
    'answers',
  );

  const companyOfApplication = `(j.company_id - ${cBase})`;
  await step(
    'reviews',
    `
    INSERT INTO reviews (application_id, user_id, rating, created_at, updated_at)
    SELECT a.id, ${userOf(companyOfApplication, 'a.id + i')},
      1 + floor(pg_temp.rnd(a.id * 2 + i, 26) * 5)::int,
      coalesce(a.reviewed_at, a.responded_at + interval '1 day'),
      coalesce(a.reviewed_at, a.responded_at + interval '1 day')
    FROM applications a JOIN jobs j ON j.id = a.job_id
    CROSS JOIN LATERAL generate_series(0, a.review_count - 1) i
    WHERE a.id > ${aBase} AND a.review_count > 0`,
    'reviews',
  );

  await step(
    'answer_reviews',
    `
    INSERT INTO answer_reviews (answer_id, user_id, rating, created_at, updated_at)
    SELECT an.id, ${userOf(companyOfApplication, 'a.id')},
      1 + floor(pg_temp.rnd(an.id, 27) * 5)::int, an.created_at, an.created_at
    FROM answers an JOIN applications a ON a.id = an.application_id JOIN jobs j ON j.id = a.job_id
    WHERE a.id > ${aBase} AND a.review_count > 0 AND pg_temp.rnd(an.id, 28) < 0.3`,
    'answer_reviews',
  );

  // Each completed review is one person's (decision 133): the first reviewer's, at reviewed_at.
  await step(
    'review_completions',
    `
    INSERT INTO review_completions
      (application_id, user_id, job_id, company_id, created_by, completed_at, open)
    SELECT a.id, ${userOf(companyOfApplication, 'a.id')}, a.job_id, j.company_id, j.created_by,
      a.reviewed_at,
      NOT a.archived AND NOT a.shortlisted AND NOT a.rejected
    FROM applications a JOIN jobs j ON j.id = a.job_id
    WHERE a.id > ${aBase} AND a.reviewed_at IS NOT NULL`,
    'review_completions',
  );

  const words = sqlArray(COMMENT_WORDS);
  await step(
    'comments',
    `
    INSERT INTO comments (application_id, user_id, comment, created_at)
    SELECT a.id, ${userOf(companyOfApplication, 'a.id + 1')},
      initcap(${pick(words, 'pg_temp.rnd(a.id, 29)')}) || ' ' || ${pick(words, 'pg_temp.rnd(a.id, 30)')}
        || ' ' || ${pick(words, 'pg_temp.rnd(a.id, 31)')} || ', ' || ${pick(words, 'pg_temp.rnd(a.id, 32)')}
        || ' ' || ${pick(words, 'pg_temp.rnd(a.id, 33)')} || '.',
      coalesce(a.reviewed_at, a.responded_at) + interval '2 hours'
    FROM applications a JOIN jobs j ON j.id = a.job_id
    WHERE a.id > ${aBase} AND a.review_count > 0 AND pg_temp.rnd(a.id, 34) < 0.3`,
    'comments',
  );

  // One entry per applicant event: added, invited, responded, and the outcome.
  await step(
    'activities',
    `
    INSERT INTO activities (company_id, job_id, application_id, user_id, verb, data, created_at)
    SELECT j.company_id, a.job_id, a.id,
      CASE WHEN e.verb = 'application.responded' THEN NULL ELSE ${ownerOf(companyOfApplication)} END,
      e.verb, '{}'::jsonb, e.at
    FROM applications a JOIN jobs j ON j.id = a.job_id
    CROSS JOIN LATERAL (VALUES
      ('application.added', a.created_at),
      ('application.invited', a.invited_at),
      ('application.responded', a.responded_at),
      ('application.shortlist', a.shortlisted_at),
      ('application.reject', a.rejected_at)) e(verb, at)
    WHERE a.id > ${aBase} AND e.at IS NOT NULL`,
    'activities',
  );

  await step(
    'outbox',
    `
    INSERT INTO outbox (company_id, job_id, application_id, kind, to_email, subject, html, text,
      status, attempts, next_attempt_at, sent_at, created_at, message_id)
    SELECT j.company_id, a.job_id, a.id, 'invitation', a.email, 'Your interview for ' || j.title,
      '<p>Dear ' || a.first_name || ', please record your interview.</p>',
      'Dear ' || a.first_name || ', please record your interview.',
      CASE WHEN a.invitation_failed THEN 'failed' ELSE 'sent' END, 1, a.invited_at,
      CASE WHEN NOT a.invitation_failed THEN a.invited_at END, a.invited_at,
      '<bench-' || a.id || '@candor.localhost>'
    FROM applications a JOIN jobs j ON j.id = a.job_id
    WHERE a.id > ${aBase} AND a.invited_at IS NOT NULL AND pg_temp.rnd(a.id, 35) < 0.3`,
    'outbox',
  );

  await step(
    'rebuild indexes',
    indexes.map((row) => `${String(row.indexdef)};`).join('\n') || 'SELECT 1',
  );
  await run('COMMIT');
  // The visibility map lets the job page and the report's medians use index-only scans from
  // the first request; without it the planner reads all of stats_applications instead. Every
  // table, as autovacuum leaves a database that has been in use: vacuumed only in part, the
  // dashboard's question counts visited the questions' rows (850 lists/s against 760).
  // One statement per call: VACUUM cannot run inside a multi-statement (implicit) transaction.
  const start = performance.now();
  await run('SET session_replication_role = origin');
  await run('VACUUM ANALYZE');
  // Some tables come out of that first pass with no page all-visible (relallvisible 0): the
  // rows the triggers wrote at commit (the counters, the stats' rows), and also the jobs, users
  // and questions. A second pass marks them (it skips the pages already marked, so it takes
  // a moment): the dashboard's 'To review' total then reads its counter rows, and its job
  // count the jobs' index, without visiting the tables.
  await run('VACUUM');
  report('vacuum, analyze', performance.now() - start);
}

await main();
