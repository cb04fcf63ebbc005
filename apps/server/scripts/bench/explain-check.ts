/**
 * Every hot-path query uses an index: runs each scenario's request once through the real app,
 * EXPLAINs every SQL statement it sent (with its values, and as the generic plan a prepared
 * statement may settle on), and fails (exit 1) when a sequential scan over a large table
 * appears outside the scenarios allowed one, or a generic plan is much slower than the plan
 * made for the values (docs/decisions/080-bench-indexes.md, 087). `--analyze` prints the times.
 *
 *   npx tsx apps/server/scripts/bench/explain-check.ts [--analyze] [--verbose]
 */
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { parseArgs } from './args';
import { isPrepared } from '../../src/db/prepared-statements';
import {
  captureQueries,
  openBenchServer,
  signInCookie,
  type BenchServer,
  type CapturedQuery,
} from './harness';
import { findBenchIds, hotPathScenarios } from './scenarios';

export const LARGE_TABLES = new Set([
  'applications',
  'answers',
  'activities',
  'reviews',
  'comments',
  'answer_reviews',
  'outbox',
  // The per-applicant rows and daily counters of the company statistics (decision 083).
  'stats_applications',
  'stats_job_days',
]);

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

function scansOf(node: PlanNode, found: PlanNode[] = []): PlanNode[] {
  if (node['Relation Name'] !== undefined) found.push(node);
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

/** A parameter as an SQL literal, for EXECUTE: the value pg itself would send. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return client.escapeLiteral(
      `{${value.map((item) => JSON.stringify(item)).join(',')}}`,
    );
  return client.escapeLiteral(String(value));
}

/** A generic plan slower than this (times the custom plan's time, plus 10 ms) fails the check. */
const GENERIC_SLOWER_LIMIT = 3;

type Explained = { plan: PlanNode; ms: number };

/** The custom plan of a statement, run once: what PostgreSQL plans for these values. */
async function customPlan(
  pool: pg.Pool,
  query: CapturedQuery,
): Promise<Explained | undefined> {
  const result = await pool.query<{
    'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }];
  }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`,
    query.parameters as unknown[],
  );
  const explained = result.rows[0]?.['QUERY PLAN'][0];
  return explained && { plan: explained.Plan, ms: explained['Execution Time'] };
}

/**
 * The generic plan PostgreSQL may settle on for a statement the server prepares (decision
 * 087), run once with the same values, or null when it ran past `timeoutMs`.
 */
async function genericPlan(
  pool: pg.Pool,
  query: CapturedQuery,
  timeoutMs: number,
): Promise<Explained | null | undefined> {
  const client = await pool.connect();
  try {
    await client.query(
      `SET plan_cache_mode = force_generic_plan; SET statement_timeout = ${Math.ceil(timeoutMs)}`,
    );
    const values = query.parameters.map((value) => literal(client, value));
    await client.query(`PREPARE explain_generic AS ${query.sql}`);
    const result = await client
      .query<{
        'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }];
      }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE explain_generic(${values.join(', ')})`,
      )
      .catch((error: { code?: string }) => {
        if (error.code === '57014') return null; // statement_timeout
        throw error;
      });
    if (result === null) return null;
    const explained = result.rows[0]?.['QUERY PLAN'][0];
    return (
      explained && { plan: explained.Plan, ms: explained['Execution Time'] }
    );
  } finally {
    await client.query(
      // ALL, not the name: a PREPARE that failed left nothing to deallocate by name.
      'DEALLOCATE ALL; RESET plan_cache_mode; RESET statement_timeout',
    );
    client.release();
  }
}

/** One line per scan: "Index Only Scan applications(applications_job_stage_idx)". */
function describe(node: PlanNode): string {
  const index = node['Index Name'] ? `(${node['Index Name']})` : '';
  return `${node['Node Type']} ${node['Relation Name'] ?? ''}${index}`;
}

export async function explainCheck(
  server: BenchServer,
  cookie: string,
  options: { analyze: boolean; verbose: boolean },
): Promise<boolean> {
  const ids = await findBenchIds(server.pool);
  let ok = true;
  console.log(
    `EXPLAIN check (job ${ids.hotJobId} has ${ids.hotApplications} applicants)`,
  );
  for (const scenario of hotPathScenarios(ids)) {
    const { status, queries } = await captureQueries(
      server,
      scenario.url,
      cookie,
    );
    if (status !== 200) {
      console.log(
        `  FAIL ${scenario.name}: HTTP ${status} for ${scenario.url}`,
      );
      ok = false;
      continue;
    }
    const problems: string[] = [];
    const allowed: string[] = [];
    let slowest = 0;
    for (const query of queries) {
      // A transaction's BEGIN, COMMIT and SET LOCAL (the stats' work_mem) have no plan.
      if (/^\s*(begin|commit|rollback|set)\b/i.test(query.sql)) continue;
      const custom = await customPlan(server.pool, query);
      if (!custom) continue;
      slowest = Math.max(slowest, custom.ms);
      const scans = scansOf(custom.plan);
      // A statement the server prepares may be run with a generic plan; it must use the
      // indexes too, and not be much slower than the plan made for the values.
      const limitMs = custom.ms * GENERIC_SLOWER_LIMIT + 10;
      const generic = isPrepared(query.sql, query.parameters)
        ? await genericPlan(server.pool, query, limitMs)
        : undefined;
      const genericScans = generic ? scansOf(generic.plan) : [];
      const text = query.sql.replace(/\s+/g, ' ');
      if (generic === null || (generic && generic.ms > limitMs))
        problems.push(
          `the generic plan takes over ${GENERIC_SLOWER_LIMIT}× the ${custom.ms.toFixed(1)} ms of the custom plan: ${text.slice(0, 160)}`,
        );
      if (options.verbose)
        console.log(
          `    ${text.slice(0, 100)}\n      ${scans.map(describe).join(', ')}` +
            (options.analyze ? ` ${custom.ms.toFixed(1)} ms` : '') +
            (generic
              ? `\n      generic plan: ${genericScans.map(describe).join(', ')}` +
                (options.analyze ? ` ${generic.ms.toFixed(1)} ms` : '')
              : ''),
        );
      const checked = [
        ...scans.map((scan) => ({ scan, plan: 'plan' })),
        ...genericScans.map((scan) => ({ scan, plan: 'generic plan' })),
      ];
      for (const { scan, plan: which } of checked) {
        const table = scan['Relation Name'] ?? '';
        if (scan['Node Type'] !== 'Seq Scan' || !LARGE_TABLES.has(table))
          continue;
        if (scenario.seqScanAllowed?.tables.includes(table))
          allowed.push(table);
        else
          problems.push(
            `Seq Scan on ${table} in the ${which} of: ${query.sql.replace(/\s+/g, ' ').slice(0, 160)}`,
          );
      }
    }
    const time = options.analyze
      ? ` slowest query ${slowest.toFixed(1)} ms`
      : '';
    if (problems.length > 0) {
      ok = false;
      console.log(`  FAIL ${scenario.name} (${queries.length} queries)${time}`);
      for (const problem of problems) console.log(`       ${problem}`);
    } else {
      const note = allowed.length
        ? ` [allowed Seq Scan on ${[...new Set(allowed)].join(', ')}: ${scenario.seqScanAllowed?.reason}]`
        : '';
      console.log(
        `  ok   ${scenario.name} (${queries.length} queries)${time}${note}`,
      );
    }
  }
  console.log(ok ? 'EXPLAIN check passed.' : 'EXPLAIN check FAILED.');
  return ok;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const server = await openBenchServer();
  try {
    const cookie = await signInCookie(server.app);
    const ok = await explainCheck(server, cookie, {
      analyze: args.get('analyze') === 'true',
      verbose: args.get('verbose') === 'true',
    });
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
