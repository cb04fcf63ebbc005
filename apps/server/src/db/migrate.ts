import {
  Migrator,
  type Migration,
  type MigrationProvider,
} from 'kysely/migration';
import type { Db } from './connection';

// The sources under tsx (src/db/migrations/*.ts); the compiled server's own copies
// (dist/migrations/*.js, apps/server/scripts/build.mjs). The name is the same either way.
const MIGRATION_FILE = /^(\d+_.+)\.(ts|js)$/;

class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const { readdir } = await import('node:fs/promises');
    const { fileURLToPath, pathToFileURL } = await import('node:url');
    const folder = fileURLToPath(new URL('./migrations/', import.meta.url));
    const files = (await readdir(folder))
      .filter((file) => MIGRATION_FILE.test(file))
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(MIGRATION_FILE, '$1')] = (await import(
        pathToFileURL(folder + file).href
      )) as Migration;
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new FolderMigrationProvider(),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`,
    );
  }
}
