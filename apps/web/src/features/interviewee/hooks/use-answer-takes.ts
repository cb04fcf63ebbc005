import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { getInterview } from '../api/get-interview';
import { completeAnswer, startAnswer } from '../api/send-answer';
import {
  answerStateOf,
  isPending,
  type AnswerState,
} from '../lib/answer-state';
import {
  holdLock,
  isLockFree,
  recordingLock,
  uploadLock,
  withLock,
} from '../lib/take-locks';
import { TakeStore, type DeviceTake } from '../lib/take-store';
import {
  TakeUpload,
  type TakeUploadDeps,
  type UploadActivity,
} from '../lib/take-upload';

export type AnswerItem = {
  takeId: string;
  questionId: number;
  position: number;
  state: AnswerState;
  /** Offline or the server unreachable: its bytes or its Submit wait to be tried again. */
  waiting: boolean;
};

/** Where the recorder puts a take's slices as they come. */
export type TakeWriter = {
  takeId: string;
  append(data: Blob): void;
  /**
   * The recorder stopped: its last slices (handed over after Stop) end the take in one change,
   * so they go to the server with the take's length in one request.
   */
  finish(last: Blob[]): Promise<void>;
};

/** A take left on the device is removed after this long, sent or not. */
const DEVICE_KEEP_MS = 30 * 86_400_000;

let opening: Promise<TakeStore> | null = null;
/** One device store per page. */
const openStore = () => (opening ??= TakeStore.open());

type Runner = { stopped: boolean; upload: TakeUpload | null };
type Activity = { activity: UploadActivity; sent: number };

/**
 * The interview's takes on this device and their uploads: the ones a reload, a crash or a
 * closed tab left behind are found when the link is opened again and sent from the server's
 * offset; new ones are written slice by slice while recording and sent as they come
 * (docs/decisions/136-answers-kept-on-the-device.md).
 */
export function useAnswerTakes(token: string, onAnswered: () => void) {
  const [store, setStore] = useState<TakeStore | null>(null);
  const [takes, setTakes] = useState<ReadonlyMap<string, DeviceTake>>(
    new Map(),
  );
  const [activities, setActivities] = useState<ReadonlyMap<string, Activity>>(
    new Map(),
  );
  const runners = useRef(new Map<string, Runner>());
  /** Takes this page records: their state in memory is the newest. */
  const recordedHere = useRef(new Set<string>());
  const answered = useRef(onAnswered);
  useEffect(() => {
    answered.current = onAnswered;
  }, [onAnswered]);

  const deps = useMemo<TakeUploadDeps | null>(() => {
    if (!store) return null;
    return {
      store,
      startTake: async (questionId, contentType) => {
        const reply = await startAnswer(token, questionId, {
          type: contentType,
          size: 0,
        });
        return {
          take: reply.take,
          answer: reply.answer,
          endpoint: reply.upload.endpoint,
          metadata: reply.upload.metadata,
          maxBytes: reply.max_bytes,
        };
      },
      completeAnswer: async (questionId, take) => {
        await completeAnswer(token, questionId, take);
      },
      isAnswered: async (questionId) =>
        (await getInterview(token)).answered_question_ids.includes(questionId),
      statusOf: (error) => (isApiError(error) ? error.status : 400),
      onActivity: (takeId, activity, sent) => {
        setActivities((current) =>
          new Map(current).set(takeId, { activity, sent }),
        );
      },
      onAnswered: () => answered.current(),
    };
  }, [store, token]);

  const startUpload = useCallback(
    (takeId: string) => {
      if (!deps || runners.current.has(takeId)) return;
      const runner: Runner = { stopped: false, upload: null };
      runners.current.set(takeId, runner);
      void withLock(uploadLock(takeId), async () => {
        if (runner.stopped) return;
        if (!recordedHere.current.has(takeId)) {
          // Another tab may have sent or recorded more while this one waited for the lock.
          const take = await deps.store.reload(takeId);
          if (!take || take.saved) return;
          if (take.recording && (await isLockFree(recordingLock(takeId))))
            await deps.store.update(takeId, { recording: false });
        }
        if (runner.stopped) return;
        runner.upload = new TakeUpload(deps, takeId);
        await runner.upload.finished;
        // The server has it: the device's copy goes.
        if (deps.store.get(takeId)?.saved) await deps.store.remove(takeId);
      }).finally(() => {
        if (runners.current.get(takeId) === runner)
          runners.current.delete(takeId);
      });
    },
    [deps],
  );

  const stopUpload = useCallback((takeId: string) => {
    const runner = runners.current.get(takeId);
    if (!runner) return;
    runner.stopped = true;
    runner.upload?.stop();
    runners.current.delete(takeId);
  }, []);

  // The device's takes of this interview, tidied, then sent.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const opened = await openStore();
      await opened.removeOlderThan(Date.now() - DEVICE_KEEP_MS);
      const found = await opened.list(token);
      const newestDraft = new Map<number, DeviceTake>();
      for (const take of found) {
        if (take.saved) {
          await opened.remove(take.id);
          continue;
        }
        if (
          take.recording &&
          !recordedHere.current.has(take.id) &&
          (await isLockFree(recordingLock(take.id)))
        ) {
          // The page that recorded it is gone (reload, crash): the take ends where it stopped.
          Object.assign(
            take,
            await opened.update(take.id, { recording: false }),
          );
        }
        if (!take.recording && take.bytes === 0) {
          await opened.remove(take.id);
          continue;
        }
        if (!take.submitted && !take.recording) {
          // One draft per question: an older one was replaced by a retake.
          const earlier = newestDraft.get(take.questionId);
          if (earlier) await opened.remove(earlier.id);
          newestDraft.set(take.questionId, take);
        }
      }
      if (cancelled) return;
      const kept = await opened.list(token);
      setTakes(new Map(kept.map((take) => [take.id, take])));
      setStore(opened);
    })();
    return () => {
      cancelled = true;
    };
  }, [token]);

  // Follow the store: each slice, acknowledgement and state change.
  useEffect(() => {
    if (!store) return;
    return store.subscribe((takeId) => {
      const take = store.get(takeId);
      setTakes((current) => {
        const next = new Map(current);
        if (take) next.set(takeId, take);
        // A saved take is removed from the device but still shown as 'Saved'.
        else if (!current.get(takeId)?.saved) next.delete(takeId);
        return next;
      });
    });
  }, [store]);

  // Send what the device holds; stop sending when the page goes.
  useEffect(() => {
    if (!deps) return;
    for (const take of takes.values())
      if (!take.saved && take.error === null && take.token === token)
        startUpload(take.id);
    // Only on the store's arrival: later takes start in begin(), submit() and retry().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deps]);
  useEffect(() => {
    const active = runners.current;
    return () => {
      for (const runner of active.values()) {
        runner.stopped = true;
        runner.upload?.stop();
      }
      active.clear();
    };
  }, []);

  // Back online, or back on the page (a phone unlocked): try at once.
  useEffect(() => {
    const nudge = () => {
      if (document.visibilityState === 'hidden') return;
      for (const runner of runners.current.values()) runner.upload?.nudge();
    };
    window.addEventListener('online', nudge);
    document.addEventListener('visibilitychange', nudge);
    return () => {
      window.removeEventListener('online', nudge);
      document.removeEventListener('visibilitychange', nudge);
    };
  }, []);

  const discard = useCallback(
    async (takeId: string) => {
      stopUpload(takeId);
      await store?.remove(takeId);
    },
    [store, stopUpload],
  );

  const begin = useCallback(
    async (input: {
      questionId: number;
      position: number;
      mimeType: string;
      retakesUsed: number;
    }): Promise<TakeWriter> => {
      const opened = store ?? (await openStore());
      // A new take replaces the question's draft (a retake).
      for (const take of takes.values())
        if (
          take.questionId === input.questionId &&
          !take.submitted &&
          !take.saved
        )
          await discard(take.id);
      const take = await opened.create({ token, ...input });
      recordedHere.current.add(take.id);
      let stopped = () => {};
      holdLock(
        recordingLock(take.id),
        new Promise<void>((resolve) => (stopped = resolve)),
      );
      setTakes((current) => new Map(current).set(take.id, take));
      startUpload(take.id);
      return {
        takeId: take.id,
        append: (data) => {
          opened.append(take.id, data).catch(() => undefined);
        },
        finish: async (last) => {
          await opened.end(take.id, last);
          stopped();
        },
      };
    },
    [discard, startUpload, store, takes, token],
  );

  const submit = useCallback(
    async (takeId: string) => {
      await store?.update(takeId, { submitted: true });
      startUpload(takeId);
    },
    [startUpload, store],
  );

  const retry = useCallback(
    async (takeId: string) => {
      await store?.update(takeId, { error: null });
      setActivities((current) => {
        const next = new Map(current);
        next.delete(takeId);
        return next;
      });
      startUpload(takeId);
    },
    [startUpload, store],
  );

  const recordingOf = useCallback(
    (takeId: string) =>
      store ? store.recording(takeId) : Promise.reject(new Error('No store')),
    [store],
  );

  const stateOf = useCallback(
    (take: DeviceTake): AnswerState => {
      const activity = activities.get(take.id);
      return answerStateOf({
        take,
        activity: activity?.activity,
        sent: activity?.sent,
        onDevice: store?.isOnDevice(take.id) ?? false,
      });
    },
    [activities, store],
  );

  const mine = [...takes.values()].filter((take) => take.token === token);
  const items: AnswerItem[] = mine
    .filter((take) => take.submitted)
    .sort((a, b) => a.position - b.position)
    .map((take) => ({
      takeId: take.id,
      questionId: take.questionId,
      position: take.position,
      state: stateOf(take),
      waiting: activities.get(take.id)?.activity === 'waiting',
    }));
  const drafts = mine.filter(
    (take) => !take.submitted && !take.recording && !take.saved,
  );
  const submittedQuestionIds = items.map((item) => item.questionId);
  const pending = mine
    .filter((take) => take.submitted || !take.recording)
    .map((take) => ({ take, state: stateOf(take) }))
    .filter(({ take, state }) => isPending(take, state));
  const busy = pending.length > 0;
  const onlyInPage = pending.some(({ state }) => state.kind === 'page');

  // Closing the page loses only what this page alone holds; the device keeps the rest.
  useEffect(() => {
    if (!onlyInPage) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [onlyInPage]);

  const draftFor = (questionId: number) =>
    drafts.find((take) => take.questionId === questionId) ?? null;
  const stateOfTake = (takeId: string) => {
    const take = takes.get(takeId);
    return take ? stateOf(take) : null;
  };

  return {
    /** The device's takes are loaded (a draft or pending answer would show by now). */
    ready: store !== null,
    items,
    submittedQuestionIds,
    draftFor,
    stateOfTake,
    busy,
    begin,
    submit,
    discard,
    retry,
    recordingOf,
  };
}

export type AnswerTakes = ReturnType<typeof useAnswerTakes>;
