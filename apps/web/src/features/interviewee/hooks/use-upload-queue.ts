import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { completeAnswer, startAnswer } from '../api/send-answer';
import { UploadError, uploadFile } from '../lib/upload-file';

export type UploadState =
  'queued' | 'uploading' | 'retrying' | 'done' | 'failed';

export type UploadItem = {
  questionId: number;
  position: number;
  progress: number;
  state: UploadState;
  /** The server's message when the upload cannot succeed by retrying. */
  error?: string;
};

const RETRY_DELAYS_MS = [1000, 3000, 8000, 15000, 30000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetryable(error: unknown): boolean {
  if (error instanceof UploadError) return error.retryable;
  return (
    isApiError(error) &&
    (error.isNetworkError || error.status >= 500 || error.status === 429)
  );
}

/**
 * Sends recordings one after another in the background (start → signed PUT with progress →
 * complete), so the interviewee can go on to the next question meanwhile. A dropped
 * connection is retried with growing pauses, and again as soon as the browser is back online;
 * after that the interviewee can retry by hand.
 */
export function useUploadQueue(token: string, onAnswered: () => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const blobs = useRef(new Map<number, Blob>());
  const running = useRef(false);
  const pending = useRef<number[]>([]);

  const update = useCallback(
    (questionId: number, patch: Partial<UploadItem>) => {
      setItems((current) =>
        current.map((item) =>
          item.questionId === questionId ? { ...item, ...patch } : item,
        ),
      );
    },
    [],
  );

  const sendOne = useCallback(
    async (questionId: number) => {
      const blob = blobs.current.get(questionId);
      if (!blob) return;
      // Once the bytes are stored, a retry only repeats the (idempotent) complete call.
      let uploaded = false;
      for (let attempt = 0; ; attempt++) {
        try {
          update(questionId, {
            state: attempt === 0 ? 'uploading' : 'retrying',
            error: undefined,
          });
          if (!uploaded) {
            update(questionId, { progress: 0 });
            const { upload } = await startAnswer(token, questionId, {
              type: blob.type,
              size: blob.size,
            });
            await uploadFile({
              url: upload.url,
              headers: upload.headers,
              body: blob,
              onProgress: (fraction) =>
                update(questionId, { progress: fraction }),
            });
            uploaded = true;
          }
          await completeAnswer(token, questionId);
          blobs.current.delete(questionId);
          update(questionId, { state: 'done', progress: 1 });
          onAnswered();
          return;
        } catch (error) {
          const delay = RETRY_DELAYS_MS[attempt];
          if (!isRetryable(error) || delay === undefined) {
            update(questionId, {
              state: 'failed',
              error: error instanceof Error ? error.message : String(error),
            });
            return;
          }
          update(questionId, { state: 'retrying' });
          await Promise.race([wait(delay), onlineAgain()]);
        }
      }
    },
    [token, update, onAnswered],
  );

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (pending.current.length > 0) {
        const next = pending.current.shift();
        if (next !== undefined) await sendOne(next);
      }
    } finally {
      running.current = false;
    }
  }, [sendOne]);

  const enqueue = useCallback(
    (questionId: number, position: number, blob: Blob) => {
      blobs.current.set(questionId, blob);
      setItems((current) => [
        ...current.filter((item) => item.questionId !== questionId),
        { questionId, position, progress: 0, state: 'queued' },
      ]);
      pending.current.push(questionId);
      void drain();
    },
    [drain],
  );

  const retry = useCallback(
    (questionId: number) => {
      if (!blobs.current.has(questionId)) return;
      update(questionId, { state: 'queued', error: undefined });
      pending.current.push(questionId);
      void drain();
    },
    [drain, update],
  );

  const busy = items.some(
    (item) => item.state !== 'done' && item.state !== 'failed',
  );

  // Leaving while a recording is still on its way would lose it: the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return { items, enqueue, retry, busy };
}

function onlineAgain(): Promise<void> {
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );
}
