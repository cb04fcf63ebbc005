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

  it('does not declare the length of a stopped take until it is submitted', async () => {
    const { take, source } = await setUp();
    await store.append(take.id, new Blob(['abc']));
    await store.update(take.id, { recording: false });
    // The interviewee may still record again: the last bytes go, the length waits.
    expect(await source.slice(0, 2)).toMatchObject({ done: false });
    const waiting = source.slice(3, 100);
    let settled = false;
    void waiting.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    await store.update(take.id, { submitted: true });
    expect(await waiting).toEqual({ value: null, done: true });
  });

  it('sends the last bytes with the length once submitted', async () => {
    const { take, source } = await setUp();
    await store.append(take.id, new Blob(['abc']));
    await store.append(take.id, new Blob(['def']));
    await store.update(take.id, { recording: false, submitted: true });
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
