import {
  Upload,
  type DetailedError,
  type HttpRequest,
  type HttpResponse,
  type HttpStack,
} from 'tus-js-client';
import { takeFileReader, type TakeHandle } from './take-source';
import type { ServerTake, TakeStore } from './take-store';

/** What an upload is doing now; the take record says how far it got. */
export type UploadActivity =
  /** Sending bytes, or ready to send the moment there are more. */
  | 'sending'
  /** Offline or the server unreachable: waiting to try again. */
  | 'waiting'
  /** The server has every byte of the take ('Saved'); its answer is completed at Submit. */
  | 'saved'
  | 'failed';

export type TakeUploadDeps = {
  store: TakeStore;
  /** POST …/answer: a new take of the question on the server. */
  startTake(questionId: number, contentType: string): Promise<ServerTake>;
  /** POST …/answer/complete (idempotent): Submit, which completes the answer of `take`. */
  completeAnswer(questionId: number, take: string): Promise<void>;
  /** Whether the server already has an answer to the question. */
  isAnswered(questionId: number): Promise<boolean>;
  onActivity(takeId: string, activity: UploadActivity, sent: number): void;
  /** The server completed the take's answer. */
  onAnswered(takeId: string): void;
  /** A refused call's status: 0 when the network failed. */
  statusOf(error: unknown): number;
  /** For tests: the HTTP layer under tus-js-client. */
  httpStack?: HttpStack;
  /** Base of relative endpoints (the page's URL in the browser). */
  baseUrl?: string;
};

/** Largest PATCH: a resumed upload of a long answer goes in a few requests, not one. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** tus-js-client's own quick retries, before this module waits for the connection. */
const TUS_RETRY_DELAYS = [0, 1000, 3000];
const WAIT_STEPS_MS = [1000, 2000, 5000, 10_000, 20_000, 30_000];
/** How often a take the server no longer knows is started afresh before giving up. */
const MAX_RENEWALS = 2;

const statusOfTus = (error: unknown) =>
  (error as DetailedError).originalResponse?.getStatus() ?? 0;

/** The `code` of the server's JSON refusal (decision 135), if it sent one. */
function codeOf(error: unknown): string | undefined {
  try {
    const body = (error as DetailedError).originalResponse?.getBody?.() ?? '';
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/** A call to our API worth trying again later: the network, the server's hiccups. */
const isTransientApi = (status: number) =>
  status === 0 || status >= 500 || status === 408 || status === 429;

/**
 * The same for tus requests, where a conflict over the offset or the upload's creation (409:
 * tus-js-client asks the offset again) and a lock (423) pass too; a 409 that refuses the take
 * (the interview closed) does not.
 */
function isTransient(error: unknown): boolean {
  const status = statusOfTus(error);
  if (isTransientApi(status) || status === 423) return true;
  if (status !== 409) return false;
  const code = codeOf(error);
  return (
    code === undefined || code === 'take_started' || code === 'offset_mismatch'
  );
}

/** The message in a refusal's body (our JSON error, or text), for the interviewee. */
export function messageOf(error: unknown): string {
  const body = (error as DetailedError).originalResponse?.getBody?.() ?? '';
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON.
  }
  if (body && body.length < 300 && !body.trimStart().startsWith('<'))
    return body.trim();
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends one take to the server with tus and finishes it: a server take first (retried until
 * the server answers), then the tus upload (created with a deferred length, resumed from the
 * server's offset after any failure, its length declared with the last bytes at Stop), then,
 * once the interviewee submitted it, the idempotent completion of its answer. It never gives up
 * while the failure is the connection's; it stops on the server's refusal (too large, interview
 * closed), leaving the recording on the device.
 */
export class TakeUpload {
  private stopped = false;
  private current: Upload | null = null;
  private finishCurrent: ((result: TusOutcome) => void) | null = null;
  private wake: (() => void) | null = null;
  private waitStep = 0;
  private renewals = 0;
  private resends = 0;
  /** Resolves when the take is saved, failed or stopped. */
  readonly finished: Promise<void>;

  constructor(
    private readonly deps: TakeUploadDeps,
    readonly takeId: string,
  ) {
    this.finished = this.run();
  }

  /** Stops sending (a retake replaces it, or the page goes). The server's take is left to it. */
  stop(): void {
    this.stopped = true;
    void this.current?.abort();
    this.finishCurrent?.({ kind: 'stopped' });
    this.wake?.();
  }

  /** Tries again now (the connection is back, the page is visible again). */
  nudge(): void {
    this.waitStep = 0;
    this.wake?.();
  }

  private activity(activity: UploadActivity, sent = 0) {
    if (!this.stopped) this.deps.onActivity(this.takeId, activity, sent);
  }

  private async run(): Promise<void> {
    const { store } = this.deps;
    while (!this.stopped) {
      const take = store.get(this.takeId);
      if (!take || take.saved || take.error) return;
      if (take.uploaded && take.server) {
        // The take is complete on the server (before a reload, say): Submit is what is left.
        if (await this.complete(take.questionId, take.server)) return;
        continue;
      }
      this.activity('sending', take.acknowledged);
      let server = take.server;
      if (!server) {
        try {
          server = await this.deps.startTake(take.questionId, take.mimeType);
        } catch (error) {
          if (this.stopped) return;
          if (isTransientApi(this.deps.statusOf(error))) {
            await this.pause();
            continue;
          }
          // 'Already answered' (another tab or device sent it), or the interview closed.
          if (await this.answeredOnServer(take.questionId)) return;
          await this.fail(
            error instanceof Error ? error.message : String(error),
          );
          return;
        }
        if (this.stopped) return;
        await store.update(this.takeId, {
          server,
          uploadUrl: null,
          acknowledged: 0,
        });
      }
      const outcome = await this.send(server);
      if (outcome.kind === 'stopped' || this.stopped) return;
      // Every byte is on the server (or it says the take is complete: our last reply was lost).
      if (
        outcome.kind === 'done' ||
        codeOf(outcome.error) === 'take_complete'
      ) {
        await this.uploaded();
        continue;
      }
      if (isTransient(outcome.error)) {
        await this.pause();
        continue;
      }
      if (statusOfTus(outcome.error) === 413) {
        await this.fail(messageOf(outcome.error));
        return;
      }
      // The server no longer knows the upload (replaced, removed after a day): either the
      // answer is in, or the take starts again from the bytes on the device.
      if (!(await this.renew(take.questionId, messageOf(outcome.error))))
        return;
    }
  }

  /**
   * Starts the take again from the device's bytes (a new server take), at most MAX_RENEWALS
   * times; false when there is nothing more to do (answered already, or failed).
   */
  private async renew(questionId: number, message: string): Promise<boolean> {
    if (await this.answeredOnServer(questionId)) return false;
    if (this.renewals++ >= MAX_RENEWALS) {
      await this.fail(message);
      return false;
    }
    await this.deps.store.update(this.takeId, {
      server: null,
      uploadUrl: null,
      acknowledged: 0,
      uploaded: false,
    });
    return true;
  }

  private send(server: ServerTake): Promise<TusOutcome> {
    const { store } = this.deps;
    const take = store.get(this.takeId);
    return new Promise<TusOutcome>((resolve) => {
      this.finishCurrent = resolve;
      const endpoint = new URL(
        server.endpoint,
        this.deps.baseUrl ?? window.location.href,
      ).href;
      const handle: TakeHandle = { takeId: this.takeId };
      const upload = new Upload(handle as unknown as Blob, {
        // The take's upload lives at a known URL: a HEAD there says how much arrived, and a 404
        // that the upload is not created yet (then tus-js-client creates it at the endpoint).
        endpoint,
        uploadUrl: take?.uploadUrl ?? `${endpoint}/${server.take}`,
        uploadLengthDeferred: true,
        metadata: server.metadata,
        chunkSize: CHUNK_BYTES,
        retryDelays: TUS_RETRY_DELAYS,
        onShouldRetry: (error) =>
          isTransient(error) && navigator.onLine !== false,
        fingerprint: () => Promise.resolve(`candor-take:${this.takeId}`),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: false,
        // The upload's URL goes with the take, on the device, before any byte is sent to it.
        urlStorage: {
          findAllUploads: () => Promise.resolve([]),
          findUploadsByFingerprint: () => Promise.resolve([]),
          removeUpload: () => Promise.resolve(),
          addUpload: async (_fingerprint, previous) => {
            await store.update(this.takeId, { uploadUrl: previous.uploadUrl });
            await store.settled(this.takeId);
            return this.takeId;
          },
        },
        fileReader: takeFileReader(store) as never,
        ...(this.deps.httpStack ? { httpStack: this.deps.httpStack } : {}),
        onProgress: (sent) => this.activity('sending', sent),
        onAfterResponse: (_request: HttpRequest, response: HttpResponse) => {
          const offset = Number(response.getHeader('Upload-Offset'));
          const status = response.getStatus();
          if (status >= 200 && status < 300 && Number.isFinite(offset)) {
            this.waitStep = 0;
            const latest = store.get(this.takeId);
            if (latest && offset !== latest.acknowledged)
              void store.update(this.takeId, { acknowledged: offset });
          }
        },
        onSuccess: () => resolve({ kind: 'done' }),
        onError: (error) => resolve({ kind: 'error', error }),
      });
      this.current = upload;
      upload.start();
    }).finally(() => {
      this.current = null;
      this.finishCurrent = null;
    });
  }

  /**
   * Submit: waits for the interviewee's, then completes the answer (retried like the upload).
   * True when the take is done with (answered, failed or stopped); false when the server
   * dropped the take (replaced, a day old) and it is to be sent again from the device.
   */
  private async complete(
    questionId: number,
    server: ServerTake,
  ): Promise<boolean> {
    this.activity('saved', this.deps.store.get(this.takeId)?.bytes ?? 0);
    if (!(await this.submitted())) return true;
    for (;;) {
      try {
        await this.deps.completeAnswer(questionId, server.take);
        await this.answered();
        return true;
      } catch (error) {
        if (this.stopped) return true;
        // Waiting for the connection; the answer stays 'Saved' (the server has its take).
        if (isTransientApi(this.deps.statusOf(error))) {
          await this.pause();
          continue;
        }
        const message = error instanceof Error ? error.message : String(error);
        // The take was replaced (another tab) or removed a day after it began: send it again.
        if (this.deps.statusOf(error) === 410)
          return !(await this.renew(questionId, message));
        // The server lacks some of the take's bytes: its offset says which, and they go again.
        if (
          this.deps.statusOf(error) === 409 &&
          this.resends++ < MAX_RENEWALS
        ) {
          await this.deps.store.update(this.takeId, { uploaded: false });
          return false;
        }
        if (await this.deps.isAnswered(questionId).catch(() => true)) {
          await this.answered();
          return true;
        }
        await this.fail(message);
        return true;
      }
    }
  }

  /** Resolves true once the take is submitted, false if the upload stops or the take goes. */
  private async submitted(): Promise<boolean> {
    const { store } = this.deps;
    for (;;) {
      // Listen before looking, so a change in between is not missed.
      const changed = store.changed(this.takeId);
      const take = store.get(this.takeId);
      if (this.stopped || !take) return false;
      if (take.submitted) return true;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        void changed.then(resolve);
      });
      this.wake = null;
    }
  }

  private async answeredOnServer(questionId: number): Promise<boolean> {
    for (;;) {
      try {
        if (!(await this.deps.isAnswered(questionId))) return false;
        await this.answered();
        return true;
      } catch (error) {
        if (this.stopped) return true;
        if (!isTransientApi(this.deps.statusOf(error))) return false;
        await this.pause();
      }
    }
  }

  /** The take is complete on the server: 'Saved', its bytes kept until Submit is acknowledged. */
  private async uploaded() {
    const take = this.deps.store.get(this.takeId);
    await this.deps.store.update(this.takeId, {
      uploaded: true,
      acknowledged: take?.bytes ?? 0,
    });
    this.activity('saved', take?.bytes ?? 0);
  }

  /** The server completed the answer: the device's copy may go. */
  private async answered() {
    const take = this.deps.store.get(this.takeId);
    await this.deps.store.update(this.takeId, {
      uploaded: true,
      saved: true,
      acknowledged: take?.bytes ?? 0,
    });
    this.activity('saved', take?.bytes ?? 0);
    if (!this.stopped) this.deps.onAnswered(this.takeId);
  }

  private async fail(message: string) {
    await this.deps.store.update(this.takeId, { error: message });
    this.activity('failed');
  }

  /** Waits before the next try: until back online, or a growing pause, or a nudge. */
  private pause(activity: UploadActivity = 'waiting'): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.activity(activity, this.deps.store.get(this.takeId)?.acknowledged);
    const delay =
      WAIT_STEPS_MS[Math.min(this.waitStep++, WAIT_STEPS_MS.length - 1)] ?? 0;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, delay);
      window.addEventListener('online', done);
      this.wake = done;
    });
  }
}

type TusOutcome =
  { kind: 'done' } | { kind: 'stopped' } | { kind: 'error'; error: Error };
