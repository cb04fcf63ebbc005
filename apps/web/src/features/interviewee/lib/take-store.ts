import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What the server said when the take was started (POST …/answer). */
export type ServerTake = {
  take: string;
  answer: number;
  endpoint: string;
  metadata: Record<string, string>;
  maxBytes: number;
};

/**
 * One recording of one question, kept on the device until the server has all of it
 * (docs/decisions/136-answers-kept-on-the-device.md). The bytes live beside it as slices.
 */
export type DeviceTake = {
  /** Made on the device: a take exists before the server has answered (or while offline). */
  id: string;
  /** The interview token the take belongs to. */
  token: string;
  questionId: number;
  /** 1-based position of the question, for 'Answer 2'. */
  position: number;
  mimeType: string;
  createdAt: number;
  /** Bytes recorded so far. */
  bytes: number;
  /**
   * True while the recorder still adds slices; false once stopped or found interrupted (then
   * the upload declares its length with its last bytes: the take is complete on the server).
   */
  recording: boolean;
  /** The interviewee submitted it: once the take is complete its answer is completed. */
  submitted: boolean;
  /** Retakes already used on this question when this take was recorded. */
  retakesUsed: number;
  server: ServerTake | null;
  /** The tus upload's URL, stored before the first byte is sent to it. */
  uploadUrl: string | null;
  /** Bytes the server has acknowledged (tus Upload-Offset), as last heard. */
  acknowledged: number;
  /**
   * The server has every byte: its take is complete ('Saved'), the answer not before Submit.
   * Absent in takes stored before decision 164, which read as false.
   */
  uploaded?: boolean;
  /** The server completed the answer (Submit acknowledged): the device's copy may go. */
  saved: boolean;
  /** Why the take cannot be sent (the server's words), if it cannot. */
  error: string | null;
};

type Slice = { take: string; start: number; data: ArrayBuffer };

type Schema = DBSchema & {
  takes: { key: string; value: DeviceTake; indexes: { token: string } };
  slices: { key: [string, number]; value: Slice };
};

export const TAKE_DATABASE = 'candor-answers';

export type NewTake = Pick<
  DeviceTake,
  'token' | 'questionId' | 'position' | 'mimeType' | 'retakesUsed'
>;

/**
 * The device's copy of every take: IndexedDB when the browser lets us (so a reload, a crash
 * or a closed tab loses nothing), and in any case the slices this page recorded in memory,
 * so the upload never waits for IndexedDB and a failing IndexedDB (quota, private mode)
 * cannot lose the answer while the page is open.
 */
export class TakeStore {
  private readonly takes = new Map<string, DeviceTake>();
  private readonly memory = new Map<
    string,
    { chunks: Blob[]; starts: number[] }
  >();
  /** Appends and updates of one take run one after another, in order. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly waiters = new Map<string, (() => void)[]>();
  /** Takes whose slices could not all be written to IndexedDB. */
  private readonly unpersisted = new Set<string>();
  private readonly listeners = new Set<(id: string) => void>();

  private constructor(private readonly db: IDBPDatabase<Schema> | null) {}

  /** Opens the device store; without IndexedDB, a store that lasts as long as the page. */
  static async open(name = TAKE_DATABASE): Promise<TakeStore> {
    try {
      if (typeof indexedDB === 'undefined') return new TakeStore(null);
      const db = await openDB<Schema>(name, 1, {
        upgrade(database) {
          const takes = database.createObjectStore('takes', { keyPath: 'id' });
          takes.createIndex('token', 'token');
          database.createObjectStore('slices', { keyPath: ['take', 'start'] });
        },
      });
      return new TakeStore(db);
    } catch {
      return new TakeStore(null);
    }
  }

  /** Whether takes survive the page (IndexedDB opened). */
  get persistent(): boolean {
    return this.db !== null;
  }

  /** Whether every byte of the take is on the device, not only in this page's memory. */
  isOnDevice(id: string): boolean {
    return this.db !== null && !this.unpersisted.has(id);
  }

  async create(input: NewTake): Promise<DeviceTake> {
    const take: DeviceTake = {
      ...input,
      id: randomId(),
      createdAt: Date.now(),
      bytes: 0,
      recording: true,
      submitted: false,
      server: null,
      uploadUrl: null,
      acknowledged: 0,
      uploaded: false,
      saved: false,
      error: null,
    };
    this.takes.set(take.id, take);
    this.memory.set(take.id, { chunks: [], starts: [] });
    await this.enqueue(take.id, () => this.persistTake(take));
    return { ...take };
  }

  /** Adds the recorder's next slice: readable at once, written to IndexedDB in order. */
  append(id: string, data: Blob): Promise<void> {
    const written = this.hold(id, data);
    this.notify(id);
    return written;
  }

  /**
   * The recorder stopped: its last slices and the take's end in one change, so the upload's
   * waiting read sends them with the take's length in one request (decision 164).
   */
  async end(id: string, last: Blob[]): Promise<void> {
    const take = this.takes.get(id);
    if (!take) throw new Error(`No take ${id}`);
    const written = last.map((data) => this.hold(id, data));
    take.recording = false;
    this.notify(id);
    const snapshot = { ...take };
    await Promise.all([
      ...written,
      this.enqueue(id, () => this.persistTake(snapshot)),
    ]);
  }

  /** Puts a slice in this page's memory at once, and queues its write to IndexedDB. */
  private hold(id: string, data: Blob): Promise<void> {
    const take = this.takes.get(id);
    const held = this.memory.get(id);
    if (!take || !held) return Promise.reject(new Error(`No take ${id}`));
    if (data.size === 0) return Promise.resolve();
    const start = take.bytes;
    held.chunks.push(data);
    held.starts.push(start);
    take.bytes += data.size;
    const snapshot = { ...take };
    return this.enqueue(id, async () => {
      if (!this.db || this.unpersisted.has(id)) return;
      try {
        const buffer = await data.arrayBuffer();
        const tx = this.db.transaction(['takes', 'slices'], 'readwrite');
        await Promise.all([
          tx.objectStore('slices').put({ take: id, start, data: buffer }),
          tx.objectStore('takes').put({
            ...snapshot,
            ...this.takes.get(id),
            bytes: start + data.size,
          }),
          tx.done,
        ]);
      } catch {
        // Quota, a closed database: this page still holds the slice and sends it.
        this.unpersisted.add(id);
      }
    });
  }

  async update(
    id: string,
    patch: Partial<Omit<DeviceTake, 'id' | 'token' | 'bytes'>>,
  ): Promise<DeviceTake> {
    const take = this.takes.get(id);
    if (!take) throw new Error(`No take ${id}`);
    Object.assign(take, patch);
    this.notify(id);
    const snapshot = { ...take };
    await this.enqueue(id, () => this.persistTake(snapshot));
    return snapshot;
  }

  get(id: string): DeviceTake | undefined {
    const take = this.takes.get(id);
    return take ? { ...take } : undefined;
  }

  /** The token's takes on this device (oldest first), including those of earlier visits. */
  async list(token: string): Promise<DeviceTake[]> {
    if (this.db) {
      try {
        for (const stored of await this.db.getAllFromIndex(
          'takes',
          'token',
          token,
        )) {
          if (!this.takes.has(stored.id)) this.takes.set(stored.id, stored);
        }
      } catch {
        // Unreadable: the takes of this page are still known.
      }
    }
    return [...this.takes.values()]
      .filter((take) => take.token === token)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((take) => ({ ...take }));
  }

  /** Bytes [start, end) of the take, clipped to what was recorded. */
  async read(id: string, start: number, end: number): Promise<Blob> {
    const take = this.takes.get(id);
    const stop = Math.min(end, take?.bytes ?? 0);
    if (!take || stop <= start) return new Blob([]);
    const held = this.memory.get(id);
    if (held) return sliceChunks(held.chunks, held.starts, start, stop);
    if (!this.db) throw new Error('The recording is no longer on this device.');
    // The slice holding `start`, then every slice up to `stop`.
    const first = await this.db
      .transaction('slices')
      .store.openCursor(IDBKeyRange.bound([id, 0], [id, start]), 'prev');
    const from = first?.value.start ?? 0;
    const slices = await this.db.getAll(
      'slices',
      IDBKeyRange.bound([id, from], [id, stop], false, true),
    );
    return sliceChunks(
      slices.map((slice) => new Blob([slice.data])),
      slices.map((slice) => slice.start),
      start,
      stop,
    );
  }

  /** The whole recording, to watch it again. */
  recording(id: string): Promise<Blob> {
    const take = this.takes.get(id);
    return this.read(id, 0, take?.bytes ?? 0).then(
      (blob) => new Blob([blob], { type: take?.mimeType ?? 'video/webm' }),
    );
  }

  /** Forgets the take and its bytes, on the device and in memory. */
  async remove(id: string): Promise<void> {
    this.memory.delete(id);
    this.unpersisted.delete(id);
    await this.enqueue(id, async () => {
      this.takes.delete(id);
      if (!this.db) return;
      try {
        const tx = this.db.transaction(['takes', 'slices'], 'readwrite');
        await Promise.all([
          tx.objectStore('takes').delete(id),
          tx
            .objectStore('slices')
            .delete(IDBKeyRange.bound([id, 0], [id, Infinity])),
          tx.done,
        ]);
      } catch {
        // Left behind: removed with the token's other old takes on a later visit.
      }
    });
    this.queues.delete(id);
    this.notify(id);
  }

  /** Resolves at the take's next change (a slice, an update, its removal). */
  changed(id: string): Promise<void> {
    return new Promise((resolve) => {
      const list = this.waiters.get(id) ?? [];
      list.push(resolve);
      this.waiters.set(id, list);
    });
  }

  /** Resolves once every write of the take so far has reached IndexedDB (or failed). */
  settled(id: string): Promise<void> {
    return (this.queues.get(id) ?? Promise.resolve()).then(() => undefined);
  }

  /** Calls `listener` with the take's id at each change of any take; returns the unsubscriber. */
  subscribe(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Reads the take again from IndexedDB: another tab may have recorded or sent it meanwhile.
   * A take this page records keeps its own, newer, state.
   */
  async reload(id: string): Promise<DeviceTake | undefined> {
    if (this.db && !this.memory.has(id)) {
      try {
        const stored = await this.db.get('takes', id);
        if (stored) this.takes.set(id, stored);
        else this.takes.delete(id);
      } catch {
        // Keep what is known.
      }
    }
    return this.get(id);
  }

  /** Removes every take (of any interview) recorded before `cutoff` (ms since the epoch). */
  async removeOlderThan(cutoff: number): Promise<void> {
    if (!this.db) return;
    try {
      const old = (await this.db.getAll('takes')).filter(
        (take) => take.createdAt < cutoff,
      );
      for (const take of old) await this.remove(take.id);
    } catch {
      // Tried again on the next visit.
    }
  }

  close(): void {
    this.db?.close();
  }

  private notify(id: string) {
    const list = this.waiters.get(id);
    this.waiters.delete(id);
    list?.forEach((resolve) => resolve());
    this.listeners.forEach((listener) => listener(id));
  }

  private enqueue(id: string, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.queues.set(id, next);
    return next;
  }

  private async persistTake(take: DeviceTake) {
    if (!this.db) return;
    try {
      // The bytes count goes with the slices (see append): never ahead of them.
      const stored = await this.db.get('takes', take.id);
      await this.db.put('takes', {
        ...take,
        bytes: stored?.bytes ?? 0,
      });
    } catch {
      this.unpersisted.add(take.id);
    }
  }
}

/** Bytes [start, stop) of consecutive chunks that begin at `starts`. */
function sliceChunks(
  chunks: Blob[],
  starts: number[],
  start: number,
  stop: number,
): Blob {
  const parts: Blob[] = [];
  chunks.forEach((chunk, index) => {
    const from = starts[index] ?? 0;
    const to = from + chunk.size;
    if (to <= start || from >= stop) return;
    parts.push(
      chunk.slice(Math.max(0, start - from), Math.min(chunk.size, stop - from)),
    );
  });
  return new Blob(parts);
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
}
