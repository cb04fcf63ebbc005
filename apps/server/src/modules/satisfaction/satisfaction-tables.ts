import type { ColumnType } from 'kysely';

/** A candidate's answer to "How was this interview?" (issue 47, decision 196). */
export type CandidateSatisfactionTable = {
  application_id: number;
  company_id: number;
  job_id: number;
  rating: number;
  comment: string;
  answered_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type SatisfactionTables = {
  candidate_satisfaction: CandidateSatisfactionTable;
};
