import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  API_SERVICE,
  ApiError,
  setUnauthorizedHandler,
} from './api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'csrftoken=token-123; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function sentHeaders(call = 0): Record<string, string> {
  return fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>;
}

describe('api client', () => {
  it('sends cookies on every call and the CSRF header only on changes', async () => {
    fetchMock
      .mockResolvedValueOnce(reply(200, { ok: 1 }))
      .mockResolvedValueOnce(reply(200, { ok: 2 }));
    await api.get('/api/user', { query: { page: 2, q: '', job: undefined } });
    await api.post('/api/account', { body: { first_name: 'Ann' } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user?page=2');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(sentHeaders(0)['X-CSRFToken']).toBeUndefined();
    expect(sentHeaders(1)['X-CSRFToken']).toBe('token-123');
    expect(sentHeaders(1)['Content-Type']).toBe('application/json');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"first_name":"Ann"}');
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, {}));
    const form = new FormData();
    form.set('name', 'Acme');
    await api.post('/api/settings', { body: form });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(sentHeaders()['Content-Type']).toBeUndefined();
  });

  it('turns an error reply into an ApiError with the message and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(400, {
        message: 'Company name is required',
        code: 'bad_request',
        fields: { name: ['Company name is required'] },
      }),
    );
    const error = await api
      .post('/api/settings', { body: {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Company name is required',
      service: API_SERVICE,
    });
    expect((error as ApiError).fieldMessage('name')).toBe(
      'Company name is required',
    );
  });

  it('tags a network failure with the API service', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await api.get('/api/user').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 0,
      service: 'candor-api',
      isNetworkError: true,
    });
  });

  it('hands a 401 to the sign-in redirect unless told to throw', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValueOnce(reply(401, { message: 'Not logged in' }));
    await expect(api.get('/api/jobs')).rejects.toMatchObject({ status: 401 });
    fetchMock.mockResolvedValueOnce(reply(401, { message: 'Not logged in' }));
    await expect(
      api.get('/api/user', { on401: 'throw' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
