import type { Db } from '../../db/connection';

/** Competencies for any function/role ('') plus those of the given function and role. */
export function listCompetencyRows(
  db: Db,
  query: { function?: string | undefined; role?: string | undefined },
) {
  let select = db.selectFrom('competencies').selectAll();
  if (query.function)
    select = select.where('function', 'in', ['', query.function]);
  if (query.role) select = select.where('role', 'in', ['', query.role]);
  return select.orderBy('name').execute();
}

export async function competencyExists(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('competencies')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
