/**
 * `npm run bench -- --only speech`: a three-question spoken interview, published through the
 * API and opened by several candidates at once a moment later (issue 49, decision 175).
 *   - The web app is built into a folder of its own; the real server (a child process, with its
 *     worker, on a throw-away database) serves it.
 *   - e2e/bench/speech-load.ts answers the interview in one Chromium page per candidate (390×844)
 *     and logs when each question showed and when its audio started playing.
 *   - Reported per question: the time from showing to playing, median and slowest over the
 *     candidates, and how many played within 0.5 s. Reported, never enforced.
 *
 *   npm run bench -- --only speech [--candidates 4] [--web-dist /tmp/some-build]
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { newShortcode } from '../../src/platform/ids';
import type {
  SpeechInput,
  SpeechReport,
} from '../../../../e2e/bench/speech-types';
import { buildWeb } from './capture';
import {
  addConsentedApplicant,
  createScratchDatabase,
  machineLine,
  seedCompany,
  signedInSession,
  startServerProcess,
} from './scratch-server';
import { runBrowserScript } from './browser-script';

const REPO = resolve(import.meta.dirname, '../../../..');
const BROWSER_ENTRY = join(REPO, 'e2e/bench/speech-load.ts');
const QUESTIONS = [
  'Tell us about a customer you won back.',
  'What would you change in your last team?',
  'How do you keep calm on a busy day?',
];
const TARGET_MS = 500;
/** As long as a candidate would wait before giving up on hearing the question. */
const WAIT_FOR_AUDIO_MS = 60_000;

export async function benchSpeech(options: {
  candidates: number;
  webDist?: string;
}): Promise<void> {
  const work = join('/tmp', `candor-bench-speech-${newShortcode(6)}`);
  mkdirSync(work, { recursive: true });
  const dist = options.webDist ?? join(work, 'web');
  const database = await createScratchDatabase('speech');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    if (!options.webDist) await buildWeb(dist);
    const seed = await seedCompany(database.db);
    server = await startServerProcess({
      databaseUrl: database.url,
      part: 'speech',
      env: {
        WEB_DIST: dist,
        RUN_WORKER: 'true',
        SIGNING_SECRET: randomBytes(24).toString('hex'),
      },
    });
    const { base } = server;
    const { headers } = await signedInSession(database.db, seed.userId);
    const call = async (path: string, body: unknown) => {
      const reply = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!reply.ok)
        throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
      return (await reply.json()) as { id: number };
    };
    const { shortname } = await database.db
      .selectFrom('companies')
      .select('shortname')
      .where('id', '=', seed.companyId)
      .executeTakeFirstOrThrow();
    // Authored and published as a recruiter would, each question with the editor's defaults.
    const job = await call('/api/jobs', {
      title: `Spoken ${newShortcode(4)}`,
      description: 'Three spoken questions.',
      company: shortname,
      language: 'en-gb',
    });
    // Text of this run's own: nothing is rendered yet, as for a new interview.
    const texts = QUESTIONS.map((text) => `${text} (${newShortcode(4)})`);
    for (const text of texts)
      await call(`/api/jobs/${job.id}/questions`, {
        text,
        thinking_time: 15,
        time_limit: 30,
      });
    await call(`/api/jobs/${job.id}/publish`, {});
    const shortcodes: string[] = [];
    for (let index = 0; index < options.candidates; index += 1) {
      const application = await addConsentedApplicant(database.db, {
        jobId: job.id,
        name: 'Speech',
        number: index + 1,
      });
      shortcodes.push(application.shortcode);
    }
    const report = await runBrowserScript<SpeechReport>(BROWSER_ENTRY, {
      base,
      shortcodes,
      questionCount: QUESTIONS.length,
      waitForAudioMs: WAIT_FOR_AUDIO_MS,
    } satisfies SpeechInput);
    printSpeech(options.candidates, texts, report);
  } finally {
    await server?.stop();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

function printSpeech(
  candidates: number,
  texts: string[],
  report: SpeechReport,
) {
  console.log(
    `\n### Speech: a question showing until its audio plays\n\nMachine: ${machineLine()}. ` +
      `A three-question spoken interview published through the API; ${candidates} candidates open it at once ` +
      `(one Chromium page each, 390×844) and press Start as soon as each question plays ` +
      `(after 60 s without it, or not at all where recording started by itself). ` +
      `Target: every question playing within ${TARGET_MS / 1000} s of showing.\n`,
  );
  console.log(
    `| question | median s | slowest s | within ${TARGET_MS / 1000} s | recording started before it was heard |\n| --- | --- | --- | --- | --- |`,
  );
  for (const [index, text] of texts.entries()) {
    // The practice question shows first on every page: only the interview's own count.
    const asked = report.candidates.map((questions) =>
      questions.find((question) => question.text === text),
    );
    const waits = asked.map((question) => question?.showToPlayMs ?? null);
    const early = asked.filter((question) => question?.recordedBeforeHeard);
    const heard = waits
      .filter((wait): wait is number => wait !== null)
      .sort((a, b) => a - b);
    const seconds = (ms: number | undefined) =>
      ms === undefined ? '—' : (ms / 1000).toFixed(2);
    const median = heard[Math.floor((heard.length - 1) / 2)];
    const slowest = waits.includes(null)
      ? `never (${waits.filter((wait) => wait === null).length})`
      : seconds(heard.at(-1));
    console.log(
      `| ${index + 1} | ${seconds(median)} | ${slowest} | ${heard.filter((wait) => wait <= TARGET_MS).length} of ${waits.length} | ${early.length} of ${asked.length} |`,
    );
  }
}
