import type { Storage } from './storage';

/**
 * A storage driver whose code is loaded on first use. The S3 driver brings the AWS SDK, tens of
 * MB of a server's memory that a server on the local folder never needs
 * (docs/decisions/085-server-memory.md).
 */
export function createLazyStorage(load: () => Promise<Storage>): Storage {
  let loading: Promise<Storage> | undefined;
  const driver = () => {
    // A failed load is not kept, so the next call tries again.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    put: async (...args) => (await driver()).put(...args),
    read: async (...args) => (await driver()).read(...args),
    size: async (...args) => (await driver()).size(...args),
    delete: async (...args) => (await driver()).delete(...args),
    sweepPartialWrites: async (...args) =>
      (await driver()).sweepPartialWrites(...args),
    downloadUrl: async (...args) => (await driver()).downloadUrl(...args),
    uploadUrl: async (...args) => (await driver()).uploadUrl(...args),
  };
}
