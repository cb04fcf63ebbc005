import type { AppContext } from '../app-context';
import { seedDemoAccounts } from './demo-accounts';

/** Demo data for a first look; runs only on an empty database. */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const existing = await ctx.db
    .selectFrom('companies')
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;
  await seedDemoAccounts(ctx.db);
  return true;
}
