import { vi } from 'vitest';
import type { TestApp } from '../test-app';
import type { RecordedRoute } from './route-recorder';

/**
 * The app built on the calling file's `vi.mock('fastify', …)` recorder, and the routes it
 * registered. The API test files share modules in a worker (vitest.config.ts): an app module an
 * earlier file loaded holds the real Fastify, so the modules are loaded afresh here.
 */
export async function createRecordedApp(): Promise<{
  t: TestApp;
  uniqueRoutes: () => RecordedRoute[];
}> {
  vi.resetModules();
  const { uniqueRoutes } = await import('./route-recorder');
  const { createTestApp } = await import('../test-app');
  return { t: await createTestApp(), uniqueRoutes };
}
