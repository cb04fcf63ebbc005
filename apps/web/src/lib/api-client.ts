import { errorSchema } from '@candor/domain';
import type { z } from 'zod';

/** The tag every error of our own API carries, so logs and toasts can tell it from others. */
export const API_SERVICE = 'candor-api';

/** A failed call to the API: status 0 means the network failed before any reply. */
export class ApiError extends Error {
  readonly service = API_SERVICE;
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The first message the server gave for a form field. */
  fieldMessage(field: string): string | undefined {
    return this.fields[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions<T> = {
  query?: Query;
  /** A plain object is sent as JSON, FormData as multipart, a Blob as itself with its type. */
  body?: unknown;
  /** Checks and types the reply; without it the reply is returned as the caller's type. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** 'throw' leaves a 401 to the caller instead of sending the user to sign in. */
  on401?: 'redirect' | 'throw';
};

let onUnauthorized = (): void => {
  if (window.location.pathname !== '/login') {
    const next = window.location.pathname + window.location.search;
    window.location.assign(`/login?next=${encodeURIComponent(next)}`);
  }
};

/** The app replaces the full-page redirect with a router navigation once the router exists. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '')
      params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function request<T>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body instanceof Blob) {
    headers['Content-Type'] = options.body.type;
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    // The server sets the token cookie on any GET; a page served by another origin
    // (the Vite dev server) may not have made one yet.
    if (!readCookie('csrftoken'))
      await fetch('/login/ajax', { credentials: 'include' }).catch(() => {});
    const token = readCookie('csrftoken');
    if (token) headers['X-CSRFToken'] = token;
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(
      0,
      'The server could not be reached. Check your connection and try again.',
    );
  }

  const text = await response.text();
  const data: unknown = text ? parseJson(text) : undefined;
  if (!response.ok) {
    const parsed = errorSchema.safeParse(data);
    const error = parsed.success
      ? new ApiError(
          response.status,
          parsed.data.message,
          parsed.data.fields,
          parsed.data.code,
        )
      : new ApiError(
          response.status,
          response.statusText || 'The request failed.',
        );
    if (response.status === 401 && options.on401 !== 'throw') onUnauthorized();
    throw error;
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Every call to our API goes through here: cookies, CSRF header, JSON or multipart, ApiError. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions<T>) =>
    request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions<T>) =>
    request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions<T>) =>
    request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions<T>) =>
    request<T>('DELETE', path, options),
};
