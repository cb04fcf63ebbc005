import { resolve } from 'node:path';

/** Where the tests leave screenshots for people to look at, whatever folder Playwright runs in. */
export const SHOTS = resolve(import.meta.dirname, '..', 'screenshots');
