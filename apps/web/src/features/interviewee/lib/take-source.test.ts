import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { takeFileReader } from './take-source';
import { TakeStore } from './take-store';

const text = async (blob: Blob | null) =>
  blob ? new TextDecoder().decode(await blob.arrayBuffer()) : null;

let store: TakeStore;
afterEach(() => store.close());

async function setUp() {
  store = await TakeStore.open(`source-test-${Math.random()}`);
  const take = await store.create({
    token: 'token',
    questionId: 1,
    position: 1,
    mimeType: 'video/webm',
    retakesUsed: 0,
  });
  const source = await takeFileReader(store).openFile({ takeId: take.id });
  return { take, source };
}

describe('takeFileReader', () => {
  it('hands over what is recorded and waits for the next slice', async () => {
    const { take, source } = await setUp();
    await store.append(take.id, new Blob(['hello ']));
    const first = await source.slice(0, 1000);
    expect(await text(first.value)).toBe('hello ');
    expect(first.done).toBe(false);

    let settled = false;
    const next = source.slice(6, 1000).then((result) => {
      settled = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    await store.append(take.id, new Blob(['world']));
    const second = await next;
    expect(await text(second.value)).toBe('world');
    expect(second.done).toBe(false);
  });

  it('wakes the waiting read at Stop with the last slice and the length together', async () => {
    const { take, source } = await setUp();
    await store.append(take.id, new Blob(['abc']));
    expect(await text((await source.slice(0, 100)).value)).toBe('abc');
    // The upload waits beyond the recording, as it does while the interviewee speaks.
    const waiting = source.slice(3, 100);
    // The recorder's final slice and its stop, as MediaRecorder hands them over.
    void store.end(take.id, [new Blob(['def'])]);
    const last = await waiting;
    // One PATCH: the last bytes and Upload-Length, not Submit's business any more.
    expect([await text(last.value), last.done]).toEqual(['def', true]);
    expect(store.get(take.id)).toMatchObject({ submitted: false, bytes: 6 });
  });

  it('declares the length with an empty read when the last slice was already sent', async () => {
    const { take, source } = await setUp();
    await store.append(take.id, new Blob(['abc']));
    expect(await source.slice(0, 100)).toMatchObject({ done: false });
    const waiting = source.slice(3, 100);
    await store.end(take.id, []);
    expect(await waiting).toEqual({ value: null, done: true });
  });

  it('sends a stopped take in chunks, the length with the last one', async () => {
    const { take, source } = await setUp();
    await store.append(take.id, new Blob(['abc']));
    await store.append(take.id, new Blob(['def']));
    await store.update(take.id, { recording: false });
    const head = await source.slice(0, 4);
    expect([await text(head.value), head.done]).toEqual(['abcd', false]);
    const tail = await source.slice(4, 100);
    expect([await text(tail.value), tail.done]).toEqual(['ef', true]);
  });

  it('fails when the take is gone from the device', async () => {
    const { take, source } = await setUp();
    const waiting = source.slice(0, 10);
    await store.remove(take.id);
    await expect(waiting).rejects.toThrow(/no longer on this device/);
  });
});
