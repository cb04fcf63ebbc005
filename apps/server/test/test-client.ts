import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../src/platform/http/app-types';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RequestOptions = Omit<InjectOptions, 'method' | 'url'> & {
  csrf?: boolean;
};

/** A browser-like client: keeps cookies and sends the CSRF header as the SPA does. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly app: App) {}

  get(url: string, options: RequestOptions = {}) {
    return this.request('GET', url, options);
  }
  post(url: string, payload?: unknown, options: RequestOptions = {}) {
    return this.request('POST', url, {
      payload: payload as InjectOptions['payload'],
      ...options,
    });
  }
  put(url: string, payload?: unknown, options: RequestOptions = {}) {
    return this.request('PUT', url, {
      payload: payload as InjectOptions['payload'],
      ...options,
    });
  }
  patch(url: string, payload?: unknown, options: RequestOptions = {}) {
    return this.request('PATCH', url, {
      payload: payload as InjectOptions['payload'],
      ...options,
    });
  }
  delete(url: string, options: RequestOptions = {}) {
    return this.request('DELETE', url, options);
  }

  async signIn(username: string, password: string): Promise<void> {
    const response = await this.post('/login/ajax', { username, password });
    if (response.statusCode !== 200)
      throw new Error(`Sign-in failed: ${response.body}`);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sets a cookie as if the server had, e.g. a session made directly in the database. */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(
    method: Method,
    url: string,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const { csrf = true, headers = {}, ...rest } = options;
    if (method !== 'GET' && csrf && !this.cookies.has('csrftoken'))
      await this.request('GET', '/login/ajax');
    const cookieHeader = [...this.cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const response = await this.app.inject({
      method,
      url,
      ...rest,
      headers: {
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(method !== 'GET' && csrf
          ? { 'x-csrftoken': this.cookies.get('csrftoken') ?? '' }
          : {}),
        ...headers,
      },
    });
    for (const cookie of response.cookies) {
      if (
        cookie.value === '' ||
        (cookie.expires && cookie.expires.getTime() < Date.now())
      ) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
    return response;
  }
}
