import { join } from 'node:path';
import type { Config } from './config';
import type { Db } from './db/connection';
import { createLocalStorage } from './platform/storage/local-storage';
import { createS3Storage } from './platform/storage/s3-storage';
import type { Storage } from './platform/storage/storage';

/** What every module needs, made once at start and handed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  storage: Storage;
};

export function createAppContext(config: Config, db: Db): AppContext {
  // S3 when S3_BUCKET is set (several servers share it); a local folder otherwise.
  const storage = config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage({
        root: join(config.dataDir, 'files'),
        secret: config.signingSecret,
      });
  return { config, db, storage };
}
