import type { Generated } from 'kysely';

export type CompetenciesTable = {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  function: Generated<string>;
  role: Generated<string>;
};

export type CompetencyTables = {
  competencies: CompetenciesTable;
};
