import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { ClaimedTask } from './tasks.repository';

/** A failure that retrying cannot fix (bad input): the task fails at once. */
export class PermanentTaskError extends Error {}

/** How one kind of task is done; features list theirs in worker/all-task-handlers.ts. */
export type TaskHandler = {
  kind: string;
  maxAttempts: number;
  run(ctx: AppContext, payload: unknown, task: ClaimedTask): Promise<void>;
  /** Once, when the task is given up (a permanent error, or its attempts are used up). */
  onGiveUp(ctx: AppContext, payload: unknown, reason: string): Promise<void>;
};

export const DEFAULT_MAX_ATTEMPTS = 5;

/** A handler whose payload is checked with its zod schema before it runs. */
export function defineTaskHandler<P>(definition: {
  kind: string;
  payload: z.ZodType<P>;
  maxAttempts?: number;
  run(ctx: AppContext, payload: P, task: ClaimedTask): Promise<void>;
  onGiveUp?(ctx: AppContext, payload: P, reason: string): Promise<void>;
}): TaskHandler {
  const parse = (payload: unknown): P => {
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success)
      throw new PermanentTaskError(`Invalid payload: ${parsed.error.message}`);
    return parsed.data;
  };
  return {
    kind: definition.kind,
    maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run: (ctx, payload, task) => definition.run(ctx, parse(payload), task),
    async onGiveUp(ctx, payload, reason) {
      const parsed = definition.payload.safeParse(payload);
      if (parsed.success && definition.onGiveUp)
        await definition.onGiveUp(ctx, parsed.data, reason);
    },
  };
}
