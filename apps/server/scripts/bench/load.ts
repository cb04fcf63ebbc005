/**
 * The load generator of the reads: a fixed number of calls at a fixed concurrency, and a GET
 * over keep-alive sockets through node:http, which costs the bench process a fraction of what
 * fetch costs, so the two cores go to the server and PostgreSQL being measured.
 */
import { Agent, request } from 'node:http';

export type Summary = { p50: number; p95: number; p99: number };

export function percentiles(durations: number[]): Summary {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** A fixed number of calls of `task`, at most `concurrency` at once; each call's duration. */
export async function load(
  total: number,
  concurrency: number,
  task: () => Promise<void>,
): Promise<number[]> {
  const durations: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      const begin = performance.now();
      await task();
      durations.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return durations;
}

/** One keep-alive socket per concurrent request, as 50 browsers would hold. */
export function keepAliveAgent(concurrency: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: concurrency });
}

/** GETs `url` and reads the whole body (the CSV export is timed until its last byte). */
export function getWhole(
  agent: Agent,
  url: string,
  cookie: string,
): Promise<number> {
  return new Promise((done, fail) => {
    const outgoing = request(url, { agent, headers: { cookie } }, (reply) => {
      reply.on('data', () => undefined);
      reply.on('end', () => done(reply.statusCode ?? 0));
      reply.on('error', fail);
    });
    outgoing.on('error', fail);
    outgoing.end();
  });
}
