import type { Poller } from './pollers';

/** Every kind of background work the worker runs. Features add theirs here. */
export const allPollers: Poller[] = [];
