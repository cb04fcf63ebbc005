import pino from 'pino';
import { createAppContext } from './app-context';
import { loadConfig } from './config';
import { openDatabase, pgliteDirFor } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { allPollers } from './worker/all-pollers';
import { startPollers } from './worker/pollers';

const config = loadConfig();
const log = pino({ level: config.logLevel });
if (!config.databaseUrl) {
  log.fatal(
    'A separate worker needs DATABASE_URL: the embedded database runs its worker inside the server.',
  );
  process.exit(1);
}
const { db } = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: pgliteDirFor(config.dataDir),
});
await migrateToLatest(db);
const workers = startPollers(
  createAppContext(config, db),
  allPollers,
  (message, error) => log.error({ err: error }, message),
);
log.info('worker started');

async function shutdown() {
  await workers.stop();
  await db.destroy();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
