import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { TakeStore } from './take-store';

const text = async (blob: Blob) =>
  new TextDecoder().decode(await blob.arrayBuffer());

let count = 0;
const open: TakeStore[] = [];
/** A database of its own per test; `again` opens it as a reloaded page would. */
async function freshStore() {
  const name = `takes-test-${++count}`;
  const store = await TakeStore.open(name);
  open.push(store);
  return {
    store,
    again: async () => {
      const reopened = await TakeStore.open(name);
      open.push(reopened);
      return reopened;
    },
  };
}

afterEach(() => {
  open.splice(0).forEach((store) => store.close());
});

const newTake = {
  token: 'token-a',
  questionId: 7,
  position: 2,
  mimeType: 'video/webm',
  retakesUsed: 0,
};

describe('TakeStore', () => {
  it('reads any range across the slices as they are appended', async () => {
    const { store } = await freshStore();
    const take = await store.create(newTake);
    await store.append(take.id, new Blob(['abc']));
    await store.append(take.id, new Blob(['defg']));
    await store.append(take.id, new Blob(['hi']));
    expect(store.get(take.id)?.bytes).toBe(9);
    expect(await text(await store.read(take.id, 0, 9))).toBe('abcdefghi');
    expect(await text(await store.read(take.id, 2, 5))).toBe('cde');
    expect(await text(await store.read(take.id, 4, 100))).toBe('efghi');
    expect((await store.read(take.id, 9, 20)).size).toBe(0);
  });

  it('ends a take with its last slices in one change, kept on the device for a reloaded page', async () => {
    const { store, again } = await freshStore();
    const take = await store.create(newTake);
    await store.append(take.id, new Blob(['abc']));
    const seen: { bytes: number; recording: boolean }[] = [];
    store.subscribe((id) => {
      const current = store.get(id);
      if (current)
        seen.push({ bytes: current.bytes, recording: current.recording });
    });
    await store.end(take.id, [new Blob(['de']), new Blob(['f'])]);
    // One change: the upload never sees the last bytes without the take's end.
    expect(seen).toEqual([{ bytes: 6, recording: false }]);

    const reloaded = await again();
    const [found] = await reloaded.list('token-a');
    expect(found).toMatchObject({ id: take.id, bytes: 6, recording: false });
    expect(await text(await reloaded.read(take.id, 0, 6))).toBe('abcdef');
  });

  it('keeps the take and every slice on the device for a reloaded page', async () => {
    const { store, again } = await freshStore();
    const take = await store.create(newTake);
    for (const part of ['one-', 'two-', 'three'])
      await store.append(take.id, new Blob([part]));
    await store.update(take.id, {
      uploadUrl: '/api/uploads/answers/abc',
      acknowledged: 4,
    });
    await store.settled(take.id);

    const reloaded = await again();
    const [found] = await reloaded.list('token-a');
    expect(found).toMatchObject({
      id: take.id,
      questionId: 7,
      bytes: 13,
      recording: true,
      uploadUrl: '/api/uploads/answers/abc',
      acknowledged: 4,
    });
    // Read from IndexedDB this time: this page never held the slices.
    expect(await text(await reloaded.read(take.id, 3, 11))).toBe('-two-thr');
    expect(await text(await reloaded.recording(take.id))).toBe('one-two-three');
    expect(reloaded.isOnDevice(take.id)).toBe(true);
  });

  it('lists only the interview’s own takes, oldest first', async () => {
    const { store } = await freshStore();
    const first = await store.create(newTake);
    await store.create({ ...newTake, token: 'token-b' });
    const second = await store.create({ ...newTake, questionId: 8 });
    expect((await store.list('token-a')).map((take) => take.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it('removes a take with its bytes', async () => {
    const { store, again } = await freshStore();
    const take = await store.create(newTake);
    await store.append(take.id, new Blob(['abc']));
    await store.remove(take.id);
    expect(store.get(take.id)).toBeUndefined();
    expect(await (await again()).list('token-a')).toEqual([]);
  });

  it('tells a waiting reader about each new slice and change', async () => {
    const { store } = await freshStore();
    const take = await store.create(newTake);
    let woken = 0;
    void store.changed(take.id).then(() => woken++);
    await store.append(take.id, new Blob(['x']));
    expect(woken).toBe(1);
    void store.changed(take.id).then(() => woken++);
    await store.update(take.id, { recording: false });
    expect(woken).toBe(2);
  });

  it('removes takes older than the cutoff, of any interview', async () => {
    const { store, again } = await freshStore();
    const old = await store.create({ ...newTake, token: 'token-old' });
    await store.update(old.id, { createdAt: Date.now() - 40 * 86_400_000 });
    const recent = await store.create(newTake);
    await store.removeOlderThan(Date.now() - 30 * 86_400_000);
    const reloaded = await again();
    expect(await reloaded.list('token-old')).toEqual([]);
    expect((await reloaded.list('token-a')).map((take) => take.id)).toEqual([
      recent.id,
    ]);
  });
});
