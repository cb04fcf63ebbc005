import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../scripts/bench/load';

let server: Server;
let base: URL;
const seen: { path: string; cookie: string; socket: number }[] = [];
const sockets = new Map<object, number>();

beforeAll(async () => {
  server = createServer(async (request, response) => {
    if (!sockets.has(request.socket)) sockets.set(request.socket, sockets.size);
    seen.push({
      path: request.url ?? '',
      cookie: request.headers.cookie ?? '',
      socket: sockets.get(request.socket) ?? -1,
    });
    if (request.url === '/chunked') {
      // Chunks in separate packets, so a size line and its data may arrive apart.
      for (const piece of ['a'.repeat(70_000), 'bc', '', 'd']) {
        if (piece) response.write(piece);
        await new Promise((wait) => setTimeout(wait, 5));
      }
      response.end();
      return;
    }
    if (request.url === '/close') {
      response.setHeader('connection', 'close');
      response.end('bye');
      return;
    }
    const body = JSON.stringify({ path: request.url });
    response.statusCode = request.url === '/missing' ? 404 : 200;
    response.setHeader('content-length', Buffer.byteLength(body));
    response.end(body);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
});

describe("the bench's HTTP client", () => {
  it('reads replies to the last byte, sized or chunked, on one kept-alive connection', async () => {
    const client = new HttpClient(base);
    seen.length = 0;
    expect(await client.get('/a?x=1', 'sessionid=s1')).toBe(200);
    expect(await client.get('/chunked', 'sessionid=s1')).toBe(200);
    expect(await client.get('/missing', 'sessionid=s1')).toBe(404);
    expect(await client.get('/b', 'sessionid=s1')).toBe(200);
    expect(seen.map((request) => request.path)).toEqual([
      '/a?x=1',
      '/chunked',
      '/missing',
      '/b',
    ]);
    expect(new Set(seen.map((request) => request.socket)).size).toBe(1);
    expect(seen.every((request) => request.cookie === 'sessionid=s1')).toBe(
      true,
    );
    client.close();
  });

  it('opens a connection per request in flight, and a new one when the server closed one', async () => {
    const client = new HttpClient(base);
    seen.length = 0;
    await Promise.all([client.get('/1', ''), client.get('/2', '')]);
    expect(new Set(seen.map((request) => request.socket)).size).toBe(2);
    expect(await client.get('/close', '')).toBe(200);
    await new Promise((wait) => setTimeout(wait, 20));
    expect(await client.get('/after', '')).toBe(200);
    expect(await client.get('/after', '')).toBe(200);
    client.close();
  });
});
