import {
  Migrator,
  type Migration,
  type MigrationProvider,
} from 'kysely/migration';
import type { Db } from './connection';

class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const { readdir } = await import('node:fs/promises');
    const { fileURLToPath, pathToFileURL } = await import('node:url');
    const folder = fileURLToPath(new URL('./migrations/', import.meta.url));
    const files = (await readdir(folder))
      .filter((file) => /^\d+_.+\.ts$/.test(file))
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(
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
