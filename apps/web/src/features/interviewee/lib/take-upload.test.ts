import 'fake-indexeddb/auto';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TakeStore } from './take-store';
import {
  TakeUpload,
  type TakeUploadDeps,
  type UploadActivity,
} from './take-upload';

type FakeUpload = {
  data: number[];
  length: number | null;
  metadata: string;
  /** Refused with 410 from now on: complete, or removed by the server (`refusal`). */
  gone: boolean;
  refusal?: 'take_replaced' | 'take_expired';
};

/**
 * A tus 1.0 server in memory (creation, creation-defer-length), reached through tus-js-client's
 * HttpStack: enough to cut a request half-way, answer a finished take with 410, and count
 * every byte that came over the "wire".
 */
class FakeTusServer implements HttpStack {
  uploads = new Map<string, FakeUpload>();
  /** Body bytes of every PATCH, accepted or not. */
  bytesOnWire = 0;
  requests: string[] = [];
  /** The next PATCH keeps this many bytes, then the connection drops. */
  cutNextPatchAfter: number | null = null;
  /** Every request fails as if offline. */
  offline = false;
  /** Status and body for the next create (a refused take). */
  refuseCreate: { status: number; body: string } | null = null;
  refusePatch: { status: number; body: string } | null = null;
  private next = 0;

  getName() {
    return 'fake';
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    const request: HttpRequest = {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      getHeader: (name) => headers[name.toLowerCase()],
      setProgressHandler: () => undefined,
      send: async (body: Blob | null) => {
        const bytes = body
          ? Array.from(new Uint8Array(await body.arrayBuffer()))
          : [];
        this.requests.push(`${method} ${bytes.length}`);
        if (method === 'PATCH') this.bytesOnWire += bytes.length;
        if (this.offline) throw new Error('offline');
        return this.handle(method, url, headers, bytes);
      },
      abort: () => Promise.resolve(),
      getUnderlyingObject: () => null,
    };
    return request;
  }

  private handle(
    method: string,
    url: string,
    headers: Record<string, string>,
    bytes: number[],
  ): HttpResponse {
    const reply = (
      status: number,
      extra: Record<string, string> = {},
      body = '',
    ) => ({
      getStatus: () => status,
      getHeader: (name: string) => extra[name] ?? extra[name.toLowerCase()],
      getBody: () => body,
      getUnderlyingObject: () => null,
    });
    if (method === 'POST') {
      if (this.refuseCreate) {
        const { status, body } = this.refuseCreate;
        this.refuseCreate = null;
        return reply(status, {}, body);
      }
      // As the server does: the upload lives at the endpoint + its take (decision 135).
      const metadata = headers['upload-metadata'] ?? '';
      const id = atob(metadata.split(' ')[1] ?? '');
      const existing = this.uploads.get(id);
      if (existing?.gone)
        return reply(
          410,
          {},
          JSON.stringify({
            message: 'This take is no longer open.',
            code: existing.refusal ?? 'take_complete',
          }),
        );
      if (this.uploads.has(id))
        return reply(
          409,
          {},
          '{"message":"Already started.","code":"take_started"}',
        );
      this.uploads.set(id, {
        data: [],
        length: headers['upload-defer-length']
          ? null
          : Number(headers['upload-length']),
        metadata,
        gone: false,
      });
      return reply(201, { Location: `/api/uploads/answers/${id}` });
    }
    const id = url.split('/').pop() ?? '';
    const upload = this.uploads.get(id);
    if (!upload) return reply(404, {}, '{"message":"No such upload."}');
    const offsetHeaders = () => ({
      'Upload-Offset': String(upload.data.length),
      ...(upload.length !== null
        ? { 'Upload-Length': String(upload.length) }
        : {}),
    });
    // As the server: a HEAD of a take saved in full answers as tus does of a finished upload
    // (decision 167); a refused HEAD has no body.
    if (method === 'HEAD')
      return upload.gone && upload.refusal
        ? reply(410)
        : reply(200, offsetHeaders());
    if (upload.gone)
      return reply(
        410,
        {},
        JSON.stringify({
          message: 'This take is no longer open.',
          code: upload.refusal ?? 'take_complete',
        }),
      );
    // PATCH
    if (this.refusePatch)
      return reply(this.refusePatch.status, {}, this.refusePatch.body);
    if (Number(headers['upload-offset']) !== upload.data.length)
      return reply(409);
    if (headers['upload-length'] !== undefined)
      upload.length = Number(headers['upload-length']);
    if (this.cutNextPatchAfter !== null) {
      upload.data.push(...bytes.slice(0, this.cutNextPatchAfter));
      this.cutNextPatchAfter = null;
      throw new Error('connection reset');
    }
    upload.data.push(...bytes);
    const response = reply(204, offsetHeaders());
    if (upload.length !== null && upload.data.length === upload.length)
      upload.gone = true;
    return response;
  }
}

const stores: TakeStore[] = [];
afterEach(() => {
  stores.splice(0).forEach((store) => store.close());
  vi.useRealTimers();
});

async function setUp(
  server = new FakeTusServer(),
  name = `upload-test-${Math.random()}`,
) {
  const store = await TakeStore.open(name);
  stores.push(store);
  const activities: UploadActivity[] = [];
  let serverTakes = 0;
  const answered = new Set<number>();
  /** Question and take of every Submit the server accepted. */
  const completions: [number, string][] = [];
  /** The next Submit is refused with this status (a take removed after a day: 410). */
  const refuseSubmit: { status: number | null } = { status: null };
  const answeredTakes: string[] = [];
  const deps: TakeUploadDeps = {
    store,
    httpStack: server,
    baseUrl: 'http://candor.test/i/abc',
    startTake: () => {
      serverTakes++;
      return Promise.resolve({
        take: `take-${serverTakes}`,
        answer: 1,
        endpoint: '/api/uploads/answers',
        metadata: { take: `take-${serverTakes}` },
        maxBytes: 10_000,
      });
    },
    completeAnswer: (questionId, take) => {
      const upload = server.uploads.get(take);
      const status =
        refuseSubmit.status ??
        (upload?.gone && upload.data.length === upload.length ? null : 409);
      refuseSubmit.status = null;
      if (status !== null)
        return Promise.reject(Object.assign(new Error('Refused.'), { status }));
      completions.push([questionId, take]);
      answered.add(questionId);
      return Promise.resolve();
    },
    isAnswered: (questionId) => Promise.resolve(answered.has(questionId)),
    statusOf: (error) => (error as { status?: number }).status ?? 0,
    onActivity: (_, activity) => activities.push(activity),
    onAnswered: (takeId) => answeredTakes.push(takeId),
  };
  return {
    server,
    store,
    deps,
    activities,
    answered,
    completions,
    refuseSubmit,
    answeredTakes,
    serverTakes: () => serverTakes,
    reopen: () => setUp(server, name),
  };
}

const bytes = (count: number, seed = 0) =>
  new Blob([
    Uint8Array.from({ length: count }, (_, index) => (index + seed) % 251),
  ]);

async function recordedTake(store: TakeStore, parts: number[]) {
  const take = await store.create({
    token: 't',
    questionId: 5,
    position: 1,
    mimeType: 'video/webm',
    retakesUsed: 0,
  });
  for (const [index, size] of parts.entries())
    await store.append(take.id, bytes(size, index));
  return take;
}

const until = async (check: () => boolean, what: string) => {
  for (let tries = 0; tries < 400; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

describe('TakeUpload', () => {
  it('streams while recording, completes the take with the last bytes at Stop, and the answer at Submit', async () => {
    const { server, store, deps, activities, completions, answeredTakes } =
      await setUp();
    const take = await recordedTake(store, [300]);
    const upload = new TakeUpload(deps, take.id);
    await until(
      () => server.uploads.get('take-1')?.data.length === 300,
      'the first slice',
    );
    await store.append(take.id, bytes(200, 1));
    await until(
      () => server.uploads.get('take-1')?.data.length === 500,
      'the second slice',
    );
    // Stop: the recorder's last slice goes with the length, in one PATCH.
    await store.end(take.id, [bytes(100, 2)]);
    await until(() => activities.includes('saved'), 'the take saved');
    expect(server.uploads.get('take-1')).toMatchObject({
      length: 600,
      gone: true,
    });
    expect(server.requests.filter((r) => r.startsWith('PATCH'))).toEqual([
      'PATCH 300',
      'PATCH 200',
      'PATCH 100',
    ]);
    expect(store.get(take.id)).toMatchObject({
      uploaded: true,
      saved: false,
      acknowledged: 600,
    });
    // The answer waits for Submit, with the bytes still on the device.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(completions).toEqual([]);
    expect(await store.read(take.id, 0, 600)).toHaveProperty('size', 600);

    await store.update(take.id, { submitted: true });
    await upload.finished;
    expect(completions).toEqual([[5, 'take-1']]);
    expect(answeredTakes).toEqual([take.id]);
    expect(store.get(take.id)).toMatchObject({ saved: true });
    expect(server.bytesOnWire).toBe(600);
    // The upload's URL was on the device before its first byte went.
    expect(store.get(take.id)?.uploadUrl).toBe(
      'http://candor.test/api/uploads/answers/take-1',
    );
  });

  it('stops waiting for Submit when the take is recorded again, completing nothing', async () => {
    const { store, deps, activities, completions } = await setUp();
    const take = await recordedTake(store, [300]);
    await store.end(take.id, []);
    const upload = new TakeUpload(deps, take.id);
    await until(() => activities.includes('saved'), 'the take saved');
    upload.stop();
    await upload.finished;
    expect(completions).toEqual([]);
    expect(store.get(take.id)?.saved).toBe(false);
  });

  it('says it is waiting while Submit cannot reach the server, the answer still saved', async () => {
    const { store, deps, activities, refuseSubmit, completions } =
      await setUp();
    const take = await recordedTake(store, [300]);
    await store.end(take.id, []);
    await store.update(take.id, { submitted: true });
    refuseSubmit.status = 0;
    const upload = new TakeUpload(deps, take.id);
    await until(() => activities.includes('waiting'), 'the wait');
    expect(activities.at(-1)).toBe('waiting');
    expect(store.get(take.id)).toMatchObject({ uploaded: true, saved: false });
    window.dispatchEvent(new Event('online'));
    await upload.finished;
    expect(completions).toEqual([[5, 'take-1']]);
    expect(activities.at(-1)).toBe('saved');
  });

  it('sends the take again from the device when Submit finds it removed after a day', async () => {
    const { server, store, deps, refuseSubmit, completions, serverTakes } =
      await setUp();
    const take = await recordedTake(store, [250]);
    await store.update(take.id, { recording: false, submitted: true });
    refuseSubmit.status = 410;
    await new TakeUpload(deps, take.id).finished;
    expect(serverTakes()).toBe(2);
    expect(completions).toEqual([[5, 'take-2']]);
    expect(server.uploads.get('take-2')?.data.length).toBe(250);
    expect(store.get(take.id)?.saved).toBe(true);
  });

  it('sends what the server lacks when Submit finds the take not there in full, then submits', async () => {
    const { server, store, deps, activities, completions } = await setUp();
    const take = await recordedTake(store, [300]);
    await store.end(take.id, [bytes(100, 1)]);
    const upload = new TakeUpload(deps, take.id);
    await until(() => activities.includes('saved'), 'the take saved');
    // The server lost the last 100 bytes after acknowledging them (say, a restart).
    const stored = server.uploads.get('take-1');
    if (!stored) throw new Error('no upload');
    stored.data.splice(300);
    stored.gone = false;
    await store.update(take.id, { submitted: true });
    await upload.finished;
    expect(completions).toEqual([[5, 'take-1']]);
    expect(server.uploads.get('take-1')?.data.length).toBe(400);
    expect(store.get(take.id)).toMatchObject({ saved: true, error: null });
  });

  it('resumes from the server’s offset after a dropped connection, sending each byte once', async () => {
    const { server, store, deps } = await setUp();
    const take = await recordedTake(store, [1000, 1000]);
    await store.update(take.id, { recording: false, submitted: true });
    server.cutNextPatchAfter = 700;
    await new TakeUpload(deps, take.id).finished;
    const stored = server.uploads.get('take-1');
    expect(stored?.data.length).toBe(2000);
    const expected = Array.from(
      new Uint8Array(await (await store.read(take.id, 0, 2000)).arrayBuffer()),
    );
    expect(stored?.data).toEqual(expected);
    // 2,000 sent in the cut request (700 kept), then the 1,300 the server lacked.
    expect(server.bytesOnWire).toBe(2000 + 1300);
    // One HEAD before the creation (404: not created yet), one after the cut.
    expect(
      server.requests.filter((request) => request.startsWith('HEAD')),
    ).toHaveLength(2);
  });

  it('waits while offline and carries on when the connection is back', async () => {
    const { server, store, deps, activities } = await setUp();
    const take = await recordedTake(store, [400]);
    await store.update(take.id, { recording: false, submitted: true });
    server.offline = true;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const upload = new TakeUpload(deps, take.id);
    await until(() => activities.includes('waiting'), 'the wait');
    expect(store.get(take.id)?.saved).toBe(false);
    server.offline = false;
    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
    await upload.finished;
    expect(store.get(take.id)?.saved).toBe(true);
    expect(server.uploads.get('take-1')?.data.length).toBe(400);
  });

  it('submits a take left complete by a page closed after Stop, without sending a byte again', async () => {
    const first = await setUp();
    const take = await recordedTake(first.store, [600, 600]);
    const upload = new TakeUpload(first.deps, take.id);
    await until(
      () => first.server.uploads.get('take-1')?.data.length === 1200,
      'the recorded bytes',
    );
    // Stop (the take complete on the server), then the tab closes before Submit.
    await first.store.end(take.id, []);
    await until(
      () => first.store.get(take.id)?.uploaded === true,
      'the take complete',
    );
    upload.stop();
    await first.store.settled(take.id);
    const requestsBefore = first.server.requests.length;

    const second = await first.reopen();
    const [found] = await second.store.list('t');
    expect(found).toMatchObject({
      id: take.id,
      bytes: 1200,
      uploaded: true,
      saved: false,
      uploadUrl: expect.any(String),
    });
    // The draft plays from the device, and Submit completes it with no upload request.
    expect(await second.store.recording(take.id)).toHaveProperty('size', 1200);
    await second.store.update(take.id, { submitted: true });
    await new TakeUpload(second.deps, take.id).finished;
    expect(second.store.get(take.id)?.saved).toBe(true);
    expect(second.completions).toEqual([[5, 'take-1']]);
    expect(second.server.requests).toHaveLength(requestsBefore);
    expect(second.server.bytesOnWire).toBe(1200);
    expect(second.serverTakes()).toBe(0);
  });

  it('learns from a HEAD that a take is saved when the reply to its last bytes was lost', async () => {
    const { server, store, deps, completions, serverTakes } = await setUp();
    const take = await recordedTake(store, [700]);
    const upload = new TakeUpload(deps, take.id);
    await store.end(take.id, []);
    await until(
      () => server.uploads.get('take-1')?.gone === true,
      'the take complete on the server',
    );
    upload.stop();
    await store.settled(take.id);
    // The page closed while the last PATCH's reply was on its way: the device still sends.
    await store.update(take.id, { uploaded: false, submitted: true });
    const requestsBefore = server.requests.length;
    await new TakeUpload(deps, take.id).finished;
    expect(store.get(take.id)?.saved).toBe(true);
    expect(completions).toEqual([[5, 'take-1']]);
    expect(server.requests.slice(requestsBefore)).toEqual(['HEAD 0']);
    expect(server.bytesOnWire).toBe(700);
    expect(serverTakes()).toBe(1);
  });

  it('takes a finished take’s 410 as saved when the answer is on the server', async () => {
    const { server, store, deps, answered } = await setUp();
    const take = await recordedTake(store, [100]);
    await store.update(take.id, { recording: false, submitted: true });
    await new TakeUpload(deps, take.id).finished;
    // The reply to the last request was lost: the device still thinks it is sending.
    await store.update(take.id, { saved: false, uploaded: false });
    answered.add(5);
    await new TakeUpload(deps, take.id).finished;
    expect(store.get(take.id)?.saved).toBe(true);
    expect(server.bytesOnWire).toBe(100);
  });

  it('starts a new take from the device’s bytes when the server removed the old one', async () => {
    const { server, store, deps, serverTakes } = await setUp();
    const take = await recordedTake(store, [250]);
    await store.update(take.id, {
      recording: false,
      submitted: true,
      server: {
        take: 'old',
        answer: 1,
        endpoint: '/api/uploads/answers',
        metadata: { take: 'old' },
        maxBytes: 10_000,
      },
      uploadUrl: 'http://candor.test/api/uploads/answers/old',
    });
    server.uploads.set('old', {
      data: [],
      length: null,
      metadata: '',
      gone: true,
      refusal: 'take_expired',
    });
    await new TakeUpload(deps, take.id).finished;
    expect(serverTakes()).toBe(1);
    expect(store.get(take.id)?.saved).toBe(true);
    expect(server.uploads.get('take-1')?.data.length).toBe(250);
  });

  it('carries on with an upload created before the page could note its URL', async () => {
    const { server, store, deps } = await setUp();
    const take = await recordedTake(store, [300]);
    await store.update(take.id, {
      recording: false,
      submitted: true,
      server: {
        take: 'take-9',
        answer: 1,
        endpoint: '/api/uploads/answers',
        metadata: { take: 'take-9' },
        maxBytes: 10_000,
      },
    });
    // Created, and 120 bytes arrived, before the crash.
    server.uploads.set('take-9', {
      data: Array.from(
        new Uint8Array(await (await store.read(take.id, 0, 120)).arrayBuffer()),
      ),
      length: null,
      metadata: '',
      gone: false,
    });
    await new TakeUpload(deps, take.id).finished;
    expect(store.get(take.id)?.saved).toBe(true);
    expect(server.uploads.get('take-9')).toMatchObject({
      length: 300,
      gone: true,
    });
    expect(server.bytesOnWire).toBe(180);
  });

  it('stops with the server’s words when the interview no longer takes answers', async () => {
    const { server, store, deps } = await setUp();
    const take = await recordedTake(store, [100]);
    await store.update(take.id, { recording: false, submitted: true });
    server.refusePatch = {
      status: 409,
      body: '{"message":"The deadline for this interview has passed.","code":"interview_closed"}',
    };
    deps.startTake = () =>
      Promise.reject(new Error('The deadline for this interview has passed.'));
    deps.statusOf = () => 409;
    const first = new TakeUpload(deps, take.id);
    await first.finished;
    expect(store.get(take.id)?.error).toBe(
      'The deadline for this interview has passed.',
    );
  });

  it('stops with the server’s words when the take is too large', async () => {
    const { server, store, deps } = await setUp();
    const take = await recordedTake(store, [100]);
    await store.update(take.id, { recording: false, submitted: true });
    server.refusePatch = {
      status: 413,
      body: '{"message":"This answer is longer than the question allows."}',
    };
    await new TakeUpload(deps, take.id).finished;
    expect(store.get(take.id)).toMatchObject({
      saved: false,
      error: 'This answer is longer than the question allows.',
    });
    // The recording stays on the device.
    expect(store.get(take.id)?.bytes).toBe(100);
  });
});
