import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ANSWER_UPLOAD_LIMIT_BYTES } from '@candor/domain';
import { z } from 'zod';
import { PGLITE_QUEUE_LIMIT_DEFAULT } from './platform/http/admission';
import {
  resolveMediaTools,
  type MediaTools,
} from './platform/media/media-tools';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

/** A comma-separated list; unset or empty: none. */
const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  // The SMS operator's SMPP 3.4 gateway, smpp://system_id:password@host:port (decision 188).
  SMS_SMPP_URL: z.string().optional(),
  // Or an HTTP provider in Twilio's shape: its API's base URL, account SID and auth token.
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_ACCOUNT: z.string().min(1).optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  MAIL_FROM: z.string().email().default('interviews@candor.localhost'),
  SEED_DEMO: booleanString.default(true),
  RUN_WORKER: booleanString.default(true),
  SIGNING_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 12),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info'),
  WEB_DIST: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('eu-west-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  S3_SSE: z.enum(['AES256', 'aws:kms']).optional(),
  // A worker renews its task's lease every third of it, so a dead worker's task waits at most
  // this long; tests shorten it (docs/decisions/071-task-lease-heartbeat-and-fault-tests.md).
  TASK_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  // The largest interview answer an interviewee may upload, in MB (decision 040: 500 MB).
  ANSWER_UPLOAD_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(20 * 1024)
    .default(ANSWER_UPLOAD_LIMIT_BYTES / 2 ** 20),
  // The most bytes per second of recording a take may have: the bound of each take is this
  // times (the question's time limit + 30 s), capped by ANSWER_UPLOAD_MAX_MB (decision 135).
  // 1,000,000 is 8 Mbit/s, about three times what browsers record at 720p by default.
  ANSWER_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(100)
    .max(100_000_000)
    .default(1_000_000),
  // How long a company report may be served from memory; the company's own changes clear it
  // at once (docs/decisions/086-report-cache.md). 0 only shares requests running at once.
  STATS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // Each run of a static statement is compiled afresh too and must match: on in the tests
  // (db/static-statement.ts, decision 163).
  CHECK_STATIC_STATEMENTS: booleanString.default(false),
  // Tests only: every speech render waits this long first, as a slow engine under load would
  // (decision 175). 0 in production.
  SPEECH_TEST_DELAY_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  // Unset: the system's ffmpeg/ffprobe on PATH, else the npm package's (decision 121).
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  // With the embedded database, requests that may wait for their turn; past them the server
  // answers 503 with Retry-After at once (docs/decisions/124-pglite-wait-bound.md).
  PGLITE_QUEUE_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(PGLITE_QUEUE_LIMIT_DEFAULT),
  // Requests one API key may make per minute, in each server process (decision 149).
  API_KEY_REQUESTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(600),
  // Whether anyone may create a company; 'closed' still lets the first person of an empty
  // database sign up, so a self-hosted install can be started (decision 116).
  SIGNUP: z.enum(['open', 'closed']).default('open'),
  // Webhooks may call private, loopback and link-local addresses, and plain http: for
  // development and tests only (docs/decisions/152-webhook-safety.md).
  WEBHOOK_ALLOW_PRIVATE: booleanString.default(false),
  // The DNS servers that check a company's domain TXT record: comma-separated host:port.
  // Unset: the system's resolver (decision 201).
  DNS_RESOLVER: commaList,
  // The proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR ranges.
  // Unset: none, and the client address is the connection's (decision 116).
  TRUST_PROXY: commaList,
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** The SMPP gateway that sends texts (SMS_SMPP_URL); unset: files in development. */
  smpp: SmppGateway | undefined;
  /** The HTTP provider in Twilio's shape (SMS_HTTP_URL, SMS_HTTP_ACCOUNT, SMS_HTTP_TOKEN). */
  smsHttp: SmsHttpProvider | undefined;
  mailFrom: string;
  seedDemo: boolean;
  runWorker: boolean;
  signingSecret: string;
  sessionIdleMinutes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        /** Server-side encryption asked of S3 for every object (unset: the bucket's default). */
        serverSideEncryption: 'AES256' | 'aws:kms' | undefined;
      }
    | undefined;
  /** How long a claimed background task stays claimed without its worker's heartbeat. */
  taskLeaseSeconds: number;
  /** How long a computed company report is reused (STATS_CACHE_SECONDS). */
  statsCacheSeconds: number;
  /** Tests only: how long each speech render waits before it starts (SPEECH_TEST_DELAY_MS). */
  speechTestDelayMs: number;
  /** The largest answer recording accepted, in bytes (ANSWER_UPLOAD_MAX_MB). */
  answerUploadMaxBytes: number;
  /** Bytes per second of recording a take may have (ANSWER_BYTES_PER_SECOND). */
  answerBytesPerSecond: number;
  /** Whether static statements are checked on every run (CHECK_STATIC_STATEMENTS). */
  checkStaticStatements: boolean;
  /** The ffmpeg and ffprobe programs found (FFMPEG_PATH, FFPROBE_PATH, PATH, npm). */
  media: MediaTools;
  /** With the embedded database, requests that may wait for their turn (PGLITE_QUEUE_LIMIT). */
  pgliteQueueLimit: number;
  /** Whether a new company may sign up (SIGNUP); the first account always may. */
  signup: 'open' | 'closed';
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty: none. */
  trustProxy: string[];
  /** DNS servers asked for domain verification records (DNS_RESOLVER); empty: the system's. */
  dnsResolver: string[];
  /** Whether webhooks may reach private addresses over http too (WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
  /** Requests one API key may make per minute (API_KEY_REQUESTS_PER_MINUTE). */
  apiKeyRequestsPerMinute: number;
};

export type SmppGateway = {
  host: string;
  port: number;
  systemId: string;
  password: string;
};

/** SMS_SMPP_URL read once: a URL that does not parse stops the start and says why. */
export function parseSmppSetting(
  value: string | undefined,
): SmppGateway | undefined {
  if (value === undefined || value === '') return undefined;
  const problem = (why: string) =>
    new Error(
      `Invalid settings in the environment:\n  SMS_SMPP_URL: ${why} (expected smpp://system_id:password@host:port)`,
    );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw problem('not a URL');
  }
  if (url.protocol !== 'smpp:') throw problem('the scheme must be smpp');
  if (!url.hostname) throw problem('the host is missing');
  if (!url.username) throw problem('the system_id is missing');
  const port = url.port === '' ? 2775 : Number(url.port);
  return {
    host: url.hostname,
    port,
    systemId: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

export type SmsHttpProvider = { url: string; account: string; token: string };

function smsHttpSetting(values: {
  SMS_SMPP_URL?: string | undefined;
  SMS_HTTP_URL?: string | undefined;
  SMS_HTTP_ACCOUNT?: string | undefined;
  SMS_HTTP_TOKEN?: string | undefined;
}): SmsHttpProvider | undefined {
  if (!values.SMS_HTTP_URL) return undefined;
  const problem = (why: string) =>
    new Error(`Invalid settings in the environment:\n  SMS_HTTP_URL: ${why}`);
  if (values.SMS_SMPP_URL)
    throw problem('set SMS_SMPP_URL or SMS_HTTP_URL, not both');
  if (!values.SMS_HTTP_ACCOUNT || !values.SMS_HTTP_TOKEN)
    throw problem('SMS_HTTP_ACCOUNT and SMS_HTTP_TOKEN are needed with it');
  return {
    url: values.SMS_HTTP_URL.replace(/\/$/, ''),
    account: values.SMS_HTTP_ACCOUNT,
    token: values.SMS_HTTP_TOKEN,
  };
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Reads the environment once; a wrong setting stops the start with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(
      `Invalid settings in the environment:\n${lines.join('\n')}`,
    );
  }
  const values = parsed.data;
  const dataDir = resolve(repoRoot, values.DATA_DIR);
  let media: MediaTools;
  try {
    media = resolveMediaTools({
      ffmpegPath: values.FFMPEG_PATH,
      ffprobePath: values.FFPROBE_PATH,
      searchPath: env.PATH ?? process.env.PATH,
    });
  } catch (error) {
    throw new Error(
      `Invalid settings in the environment:\n  ${(error as Error).message}`,
      { cause: error },
    );
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(
      /\/$/,
      '',
    ),
    smtpUrl: values.SMTP_URL,
    smpp: parseSmppSetting(values.SMS_SMPP_URL),
    smsHttp: smsHttpSetting(values),
    mailFrom: values.MAIL_FROM,
    seedDemo: values.SEED_DEMO,
    runWorker: values.RUN_WORKER,
    signingSecret: values.SIGNING_SECRET ?? readOrCreateSecret(dataDir),
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    logLevel: values.LOG_LEVEL,
    webDist: resolve(repoRoot, values.WEB_DIST ?? 'apps/web/dist'),
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          forcePathStyle: values.S3_FORCE_PATH_STYLE,
          serverSideEncryption: values.S3_SSE,
        }
      : undefined,
    taskLeaseSeconds: values.TASK_LEASE_SECONDS,
    statsCacheSeconds: values.STATS_CACHE_SECONDS,
    speechTestDelayMs: values.SPEECH_TEST_DELAY_MS,
    answerUploadMaxBytes: values.ANSWER_UPLOAD_MAX_MB * 2 ** 20,
    answerBytesPerSecond: values.ANSWER_BYTES_PER_SECOND,
    checkStaticStatements: values.CHECK_STATIC_STATEMENTS,
    media,
    pgliteQueueLimit: values.PGLITE_QUEUE_LIMIT,
    signup: values.SIGNUP,
    trustProxy: values.TRUST_PROXY,
    dnsResolver: values.DNS_RESOLVER,
    webhookAllowPrivate: values.WEBHOOK_ALLOW_PRIVATE,
    apiKeyRequestsPerMinute: values.API_KEY_REQUESTS_PER_MINUTE,
  };
}

// Without SIGNING_SECRET a single machine keeps a generated one beside its data, so
// signed links survive restarts; several servers must share SIGNING_SECRET.
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'signing-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
