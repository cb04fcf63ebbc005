/**
 * The load generator of the reads: a fixed number of calls at a fixed concurrency, and a GET
 * over keep-alive sockets that reads replies with as little work as it can, so the two cores go
 * to the server and PostgreSQL being measured.
 */
import { connect, type Socket } from 'node:net';

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

/**
 * Calls of `task`, at most `concurrency` at once, until `ms` milliseconds have passed and at
 * least `least` calls were made; how many were made.
 */
export async function loadFor(
  ms: number,
  least: number,
  concurrency: number,
  task: () => Promise<void>,
): Promise<number> {
  const end = performance.now() + ms;
  let started = 0;
  const worker = async () => {
    while (started < least || performance.now() < end) {
      started += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return started;
}

/**
 * Keep-alive HTTP/1.1 connections that send a GET and read its reply's status and body to the
 * last byte, and nothing more, one request at a time on each (as a browser's connection). The
 * bench shares the two cores with the server it measures: node:http's agent and parser cost
 * it 0.12 ms of CPU per request, a tenth of what the server spends on a job page, and this
 * client about a fifth of that (decision 098).
 */
export class HttpClient {
  private readonly idle: Connection[] = [];

  constructor(private readonly base: URL) {}

  /** GETs `path` and reads the whole body (the CSV export is timed until its last byte). */
  async get(path: string, cookie: string): Promise<number> {
    let connection = this.idle.pop();
    // The server closes a connection idle for longer than its keep-alive timeout.
    while (connection?.closed) connection = this.idle.pop();
    connection ??= await Connection.open(this.base);
    try {
      const status = await connection.get(this.base.host, path, cookie);
      this.idle.push(connection);
      return status;
    } catch (error) {
      connection.destroy();
      throw error;
    }
  }

  close(): void {
    for (const connection of this.idle.splice(0)) connection.destroy();
  }
}

class Connection {
  private reply: ReplyReader | null = null;
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.reply?.push(chunk));
    socket.on('error', (error) => this.reply?.fail(error));
    socket.on('close', () => {
      this.closed = true;
      this.reply?.fail(new Error('The server closed the connection.'));
    });
  }

  static open(base: URL): Promise<Connection> {
    return new Promise((done, fail) => {
      const socket = connect(Number(base.port), base.hostname, () => {
        socket.off('error', fail);
        done(new Connection(socket));
      });
      socket.setNoDelay(true);
      socket.once('error', fail);
    });
  }

  get(host: string, path: string, cookie: string): Promise<number> {
    return new Promise((done, fail) => {
      this.reply = new ReplyReader(
        (status) => {
          this.reply = null;
          done(status);
        },
        (error) => {
          this.reply = null;
          fail(error);
        },
      );
      this.socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n\r\n`,
      );
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * One reply: its head, then a body of Content-Length bytes or chunks up to the empty last one
 * (the server sends no trailers). Body bytes are counted and dropped, never copied.
 */
class ReplyReader {
  private head: Buffer = Buffer.alloc(0);
  private status = 0;
  private chunked = false;
  /** Body bytes still to drop: the rest of a Content-Length body, or of a chunk and its CRLF. */
  private skip = 0;
  /** The empty last chunk was read: the reply ends with the CRLF after it. */
  private lastChunk = false;
  /** The start of a chunk-size line that arrived in pieces. */
  private sizeLine = '';
  private finished = false;

  constructor(
    private readonly done: (status: number) => void,
    private readonly failed: (error: Error) => void,
  ) {}

  push(chunk: Buffer): void {
    let rest = chunk;
    if (this.status === 0) {
      this.head = this.head.length ? Buffer.concat([this.head, rest]) : rest;
      const end = this.head.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = this.head.toString('latin1', 0, end);
      this.status = Number(head.slice(9, 12));
      this.chunked = /\r\ntransfer-encoding:\s*chunked/i.test(head);
      this.skip = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      rest = this.head.subarray(end + 4);
    }
    if (!this.chunked) {
      this.skip -= rest.length;
      if (this.skip <= 0) this.finish();
      return;
    }
    this.readChunks(rest);
  }

  private readChunks(bytes: Buffer): void {
    let at = 0;
    while (at < bytes.length) {
      if (this.skip > 0) {
        const dropped = Math.min(this.skip, bytes.length - at);
        this.skip -= dropped;
        at += dropped;
        if (this.skip === 0 && this.lastChunk) this.finish();
        continue;
      }
      const lineEnd = bytes.indexOf('\r\n', at);
      if (lineEnd === -1) {
        this.sizeLine += bytes.toString('latin1', at);
        return;
      }
      const size = parseInt(
        this.sizeLine + bytes.toString('latin1', at, lineEnd),
        16,
      );
      this.sizeLine = '';
      at = lineEnd + 2;
      this.lastChunk = size === 0;
      this.skip = size + 2;
    }
  }

  fail(error: Error): void {
    if (this.finished) return;
    this.finished = true;
    this.failed(error);
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.done(this.status);
  }
}
