import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';

export type ReceivedWebhook = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
};
type Response = {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow or hanging endpoint). */
  delayMs?: number;
};

/**
 * A real HTTP endpoint on 127.0.0.1 that keeps every webhook it is sent and answers as the
 * test says (200 unless `respond` is set). It can be stopped and started on the same port.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let respond: (hook: ReceivedWebhook) => Response = () => ({
    status: 200,
    body: 'ok',
  });
  let server: Server | null = null;
  let port = 0;
  const open = new Set<Socket>();

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const hook = {
            method: request.method ?? '',
            path: request.url ?? '',
            headers: request.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            at: Date.now(),
          };
          received.push(hook);
          const answer = respond(hook);
          setTimeout(() => {
            if (response.destroyed) return;
            response.writeHead(answer.status, answer.headers ?? {});
            response.end(answer.body ?? '');
          }, answer.delayMs ?? 0);
        });
      });
      server.on('connection', (socket) => {
        open.add(socket);
        socket.on('close', () => open.delete(socket));
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (typeof address === 'object' && address) port = address.port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });

  await listen();
  return {
    received,
    get url() {
      return `http://127.0.0.1:${port}/hooks/candor`;
    },
    get port() {
      return port;
    },
    respondWith(next: (hook: ReceivedWebhook) => Response) {
      respond = next;
    },
    /** The events received so far, by their `type`. */
    types(): string[] {
      return received.map(
        (hook) => (JSON.parse(hook.body) as { type: string }).type,
      );
    },
    stop,
    start: listen,
    close: stop,
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
