import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export type ActivitiesTable = {
  id: Generated<string>;
  company_id: number;
  job_id: number | null;
  application_id: number | null;
  user_id: number | null;
  verb: string;
  data: Json;
  created_at: CreatedAt;
};

export type ActivityTables = {
  activities: ActivitiesTable;
};
