/**
 * The migrated database every test file copies, named after the run's own database so that
 * several runs can share one PostgreSQL server (CI, and people working side by side).
 */
export function templateDatabase(databaseUrl: string): string {
  const name = new URL(databaseUrl).pathname.slice(1).replace(/\W/g, '_');
  return `${name || 'candor'}_test_template`;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
