import {
  applicantStage,
  type ApplicantFacts,
  type Stage,
} from '@candor/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { OPEN_FOR_REVIEW_SQL, STAGE_SQL } from '../../db/applicant-stage-sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each fact the stage reads, set or not: every combination is one bit pattern.
const FACTS = [
  'shortlisted',
  'rejected',
  'review_average',
  'reviewed_at',
  'answer_count',
  'declined_at',
  'invited_at',
  'responded_at',
  'invitation_failed',
  'archived',
] as const;
const COMBINATIONS = 2 ** FACTS.length;
const WHEN = '2026-11-20T10:00:00.000Z';

function factsOf(bits: number): ApplicantFacts {
  const on = (fact: (typeof FACTS)[number]) =>
    (bits & (1 << FACTS.indexOf(fact))) !== 0;
  const date = (fact: (typeof FACTS)[number]) => (on(fact) ? WHEN : null);
  return {
    shortlisted: on('shortlisted'),
    rejected: on('rejected'),
    average_review: { review_average: on('review_average') ? 3.5 : null },
    reviewed_at: date('reviewed_at'),
    answer_count: on('answer_count') ? 2 : 0,
    declined_at: date('declined_at'),
    declined_reason: '',
    invited_at: date('invited_at'),
    responded_at: date('responded_at'),
    invitation_failed: on('invitation_failed'),
    archived: on('archived'),
    deadline: null,
    status: 0,
  };
}

describe('the stage in SQL and in the domain', () => {
  it('agree on every combination of the facts they read', async () => {
    // The same bit patterns as factsOf, decoded in SQL, as `applications AS a` would hold them.
    const bit = (fact: (typeof FACTS)[number]) =>
      sql<boolean>`(bits & ${1 << FACTS.indexOf(fact)}) <> 0`;
    const date = (fact: (typeof FACTS)[number]) =>
      sql`CASE WHEN ${bit(fact)} THEN ${WHEN}::timestamptz END`;
    const { rows } = await sql<{
      bits: number;
      stage: Stage;
      open_for_review: boolean;
    }>`
      SELECT bits, ${STAGE_SQL} AS stage, ${OPEN_FOR_REVIEW_SQL} AS open_for_review
      FROM (
        SELECT bits,
          ${bit('shortlisted')} AS shortlisted,
          ${bit('rejected')} AS rejected,
          CASE WHEN ${bit('review_average')} THEN 3.5::double precision END AS review_average,
          ${date('reviewed_at')} AS reviewed_at,
          CASE WHEN ${bit('answer_count')} THEN 2 ELSE 0 END AS answer_count,
          ${date('declined_at')} AS declined_at,
          ${date('invited_at')} AS invited_at,
          ${date('responded_at')} AS responded_at,
          ${bit('invitation_failed')} AS invitation_failed,
          ${bit('archived')} AS archived
        FROM generate_series(0, ${COMBINATIONS - 1}) AS bits
      ) AS a
      ORDER BY bits`.execute(t.db);

    expect(rows).toHaveLength(COMBINATIONS);
    const disagreements = rows.filter((row) => {
      const facts = factsOf(row.bits);
      const stage = applicantStage(facts);
      const openForReview =
        !facts.archived && (stage === 'Responded' || stage === 'Reviewed');
      return row.stage !== stage || row.open_for_review !== openForReview;
    });
    expect(disagreements).toEqual([]);
    // Every stage is reached, so the comparison covers each branch of the rule.
    expect(new Set(rows.map((row) => row.stage)).size).toBe(5);
  });
});
