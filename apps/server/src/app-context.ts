import { join } from 'node:path';
import type { Config } from './config';
import type { ChangeNotices } from './db/change-notices';
import { checkStaticStatements } from './db/static-statement';
import type { Db } from './db/connection';
import { inTransactionSubscribers } from './event-subscribers';
import { useInTransactionSubscribers } from './platform/events/subscribers';
import { useMediaTools } from './platform/media/media-tools';
import { createLazyStorage } from './platform/storage/lazy-storage';
import { createLocalStorage } from './platform/storage/local-storage';
import type { Storage } from './platform/storage/storage';

/** What every module needs, made once at start and handed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  storage: Storage;
  /** Other processes' changes; without them every request reads its session afresh. */
  notices: ChangeNotices | null;
};

export function createAppContext(
  config: Config,
  db: Db,
  notices: ChangeNotices | null = null,
): AppContext {
  checkStaticStatements(config.checkStaticStatements);
  // The media functions run deep inside tasks and seeds; they take the programs found here.
  useMediaTools(config.media);
  // Every process that makes changes (server, worker, seed) emits their events (decision 176).
  useInTransactionSubscribers(inTransactionSubscribers(config));
  // S3 when S3_BUCKET is set (several servers share it); a local folder otherwise.
  const { s3 } = config;
  const storage = s3
    ? createLazyStorage(async () =>
        (await import('./platform/storage/s3-storage')).createS3Storage(s3),
      )
    : createLocalStorage({
        root: localFilesRoot(config),
        secret: config.signingSecret,
      });
  return { config, db, storage, notices };
}

/** The local storage driver's folder: every key is a path under it. */
export function localFilesRoot(config: Config): string {
  return join(config.dataDir, 'files');
}
