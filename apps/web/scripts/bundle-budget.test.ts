/**
 * The bundle budget (issue 48, decision 184): what the candidate's landing page and the sign-in
 * page load before their first paint — the entry and the page's chunk with their static imports,
 * JavaScript and CSS, brotli-compressed here with node:zlib — must stay under a stated size, so
 * the weight taken off them does not creep back. `npm test` runs it after its stage that builds
 * apps/web/dist; run alone, it builds first when the build is missing or older than the sources.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstPaintFiles, type Manifest } from './first-paint';

const WEB = resolve(import.meta.dirname, '..');
const REPO = resolve(WEB, '../..');
const DIST = join(WEB, 'dist');
const MANIFEST = join(DIST, '.vite/manifest.json');

/** KB (1,024 bytes) of brotli; measured 2026-12-07 at 214.5 and 181.9 (before issue 48: see docs/benchmarks.md), about 5 % of room above. */
const BUDGETS = [
  {
    name: "the candidate's landing page (/i/<code>)",
    page: 'src/features/interviewee/pages/invite-page.tsx',
    kb: 225,
  },
  {
    name: 'the sign-in page (/login)',
    page: 'src/features/auth/pages/login-page.tsx',
    kb: 190,
  },
];

/** The newest modification time under `path` (a file or a folder), ms. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path).map((name) => newest(join(path, name))),
  );
}

function builtManifest(): Manifest {
  let built = 0;
  try {
    built = statSync(MANIFEST).mtimeMs;
  } catch {
    // Not built yet.
  }
  const sources = Math.max(
    ...[
      join(WEB, 'src'),
      join(WEB, 'index.html'),
      join(WEB, 'vite.config.ts'),
      join(REPO, 'packages/domain/src'),
    ].map(newest),
  );
  if (built < sources)
    execFileSync(join(REPO, 'node_modules/.bin/vite'), ['build'], {
      cwd: WEB,
      // Vitest sets NODE_ENV=test, which would give React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

const brotliSize = (file: string) =>
  brotliCompressSync(readFileSync(join(DIST, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

describe('bundle budget (brotli, JavaScript and CSS before the first paint)', () => {
  const manifest = builtManifest();
  for (const budget of BUDGETS) {
    it(`${budget.name} stays under ${budget.kb} KB`, () => {
      const files = firstPaintFiles(manifest, budget.page);
      const kb =
        files.reduce((total, file) => total + brotliSize(file), 0) / 1024;
      console.log(
        `${budget.name}: ${kb.toFixed(1)} KB brotli in ${files.length} files (budget ${budget.kb} KB)`,
      );
      expect(kb, `${budget.name}: ${files.join(', ')}`).toBeLessThan(budget.kb);
    });
  }
});
