import { trigramSampleOf, type TrigramSample } from './trigram-sample';
import type { Db } from '../../db/connection';
import {
  estimateApplicationRows,
  sampleSearchTexts,
} from './search.repository';

/**
 * How many search texts the sample holds: at this size a trigram in one row of 2,000 shows in
 * about ten of them. Building it takes 85-105 ms of the event loop once an hour; it keeps about
 * 6 MB (decision 114).
 */
const SAMPLE_TEXTS = 20_000;
const SAMPLE_MAX_AGE_MS = 60 * 60 * 1000;

type Held = {
  sample: TrigramSample | undefined;
  readAt: number;
  reading: Promise<void> | undefined;
};

/** Per database, so that tests' and scripts' databases never share one. */
const held = new WeakMap<Db, Held>();

/**
 * Search texts from pages picked at random (`TABLESAMPLE SYSTEM`), every company's: the sample
 * only chooses how to search, and no reply is made from it.
 */
export async function readTrigramSample(db: Db): Promise<TrigramSample> {
  const estimated = await estimateApplicationRows(db);
  // Twice the texts wanted, for pages less full than the average; all of a table never
  // analysed (reltuples -1) or smaller than the sample.
  const percent = Math.min(
    100,
    (100 * 2 * SAMPLE_TEXTS) / Math.max(estimated, 1),
  );
  const texts = await sampleSearchTexts(db, { percent, limit: SAMPLE_TEXTS });
  return trigramSampleOf(texts);
}

function heldFor(db: Db): Held {
  let state = held.get(db);
  if (state === undefined) {
    state = { sample: undefined, readAt: 0, reading: undefined };
    held.set(db, state);
  }
  return state;
}

function startReading(
  db: Db,
  state: Held,
  onError: (error: unknown) => void,
): Promise<void> {
  state.reading ??= readTrigramSample(db)
    .then((sample) => {
      state.sample = sample;
      state.readAt = Date.now();
    }, onError)
    .finally(() => {
      state.reading = undefined;
    });
  return state.reading;
}

/**
 * The sample searches are planned with: none until the first read is done, then read again in
 * the background when it is an hour old. A failed read is tried again by the next search.
 */
export function currentTrigramSample(
  db: Db,
  onError: (error: unknown) => void,
  now = Date.now(),
): TrigramSample | undefined {
  const state = heldFor(db);
  if (now - state.readAt > SAMPLE_MAX_AGE_MS)
    void startReading(db, state, onError);
  return state.sample;
}

/** Reads the sample now, so that a server plans its first searches with it too. */
export function readTrigramSampleNow(
  db: Db,
  onError: (error: unknown) => void,
): Promise<void> {
  return startReading(db, heldFor(db), onError);
}
