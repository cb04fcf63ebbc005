import { DEMO_PASSWORD, DEMO_SIGN_INS } from './seed/demo-accounts';
import { buildApp } from './app';
import { createAppContext } from './app-context';
import { loadConfig } from './config';
import { openDatabase, pgliteDirFor } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { readTrigramSampleNow } from './modules/search/search-sample';
import { hasPasswordHolder } from './modules/signup/signup.repository';
import { describeMediaTools } from './platform/media/media-tools';
import { SPEECH_ENGINE } from './platform/tts/speech';
import { seedDemoData } from './seed/demo-seed';
import { allPollers } from './worker/all-pollers';
import { startPollers } from './worker/pollers';

const config = loadConfig();
const { db, notices } = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: pgliteDirFor(config.dataDir),
});
await migrateToLatest(db);
const ctx = createAppContext(config, db, notices);
const seeded = config.seedDemo ? await seedDemoData(ctx) : false;

const app = await buildApp({ ctx, logger: { level: config.logLevel } });
void readTrigramSampleNow(db, (error) =>
  app.log.warn({ err: error }, 'The search sample was not read'),
);
await app.listen({ port: config.port, host: config.host });
// The embedded database lives in this process, so its worker must too; with PostgreSQL
// the worker can also run on its own (`npm run worker`) and RUN_WORKER=false here.
const workers = config.runWorker
  ? startPollers(ctx, allPollers, (message, error) =>
      app.log.error({ err: error }, message),
    )
  : null;

const database = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${pgliteDirFor(config.dataDir)}`;
console.log(
  `\nCandor is running on ${config.publicUrl} (database: ${database}${seeded ? ', demo data added' : ''}).`,
);
console.log(
  `Video: ${describeMediaTools(config.media)}. Speech: ${SPEECH_ENGINE}.`,
);
if (config.seedDemo) {
  console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
  for (const account of DEMO_SIGN_INS)
    console.log(`  ${account.email.padEnd(22)} ${account.role}`);
}
// An install without the demo has nobody to sign in as: the first person signs up.
if (!(await hasPasswordHolder(db)))
  console.log(
    `No accounts yet: create the first one at ${config.publicUrl}/signup`,
  );

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  await app.close();
  await workers?.stop();
  await db.destroy();
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
