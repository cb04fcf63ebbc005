import type { ColumnType, GeneratedAlways } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A test Greenhouse sent: one per Greenhouse application and interview (decision 190). */
export type GreenhouseTestsTable = {
  id: GeneratedAlways<string>;
  /** The id Greenhouse knows the test by: random, so nobody can guess another one. */
  partner_interview_id: string;
  company_id: number;
  job_id: number;
  /** Null once the interviewee is deleted or erased: test_status then answers 404. */
  application_id: number | null;
  greenhouse_application: string;
  callback_url: string | null;
  created_at: CreatedAt;
};

export type GreenhouseTables = { greenhouse_tests: GreenhouseTestsTable };
