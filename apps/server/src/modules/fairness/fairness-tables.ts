import type { ColumnType } from 'kysely';

/**
 * One interviewee's answers to the voluntary survey (decision 181). Nothing in the row names
 * them: `handle` is a keyed hash of their application id that only the server's secret
 * reproduces, and there is no time that could be lined up with their submission.
 */
export type EqualOpportunityAnswersTable = {
  handle: string;
  company_id: number;
  job_id: number;
  answers: ColumnType<Record<string, string>, string, string>;
};

export type FairnessTables = {
  equal_opportunity_answers: EqualOpportunityAnswersTable;
};
