/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of a web build, so the
 * server (`@fastify/static` with `preCompressed: true`) sends them to browsers that accept them
 * without compressing per request (decision 084). Runs at the end of `vite build` (the plugin
 * below); by hand: `npx tsx apps/web/scripts/precompress.ts apps/web/dist`.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats; fonts (woff2, woff) and images are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
/**
 * Brotli 10, not 11: on this build 11 is 2 % smaller but takes 3-4 times as long (12 s more of
 * CPU), and every `npm start` and e2e run builds the app.
 */
const BROTLI_QUALITY = 10;
/** A variant that saves less than this share of the file is not worth a second copy. */
const MIN_SAVING = 0.1;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type PrecompressResult = {
  files: number;
  rawBytes: number;
  brotliBytes: number;
  gzipBytes: number;
};

/** Every file below `dir`, skipping dot folders (Vite's `.vite/manifest.json`). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (entry) =>
        entry.isFile() &&
        !join(entry.parentPath, entry.name)
          .slice(dir.length)
          .split('/')
          .some((part) => part.startsWith('.')),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

async function compressFile(file: string) {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const worthIt = (variant: Buffer) =>
    variant.length <= data.length * (1 - MIN_SAVING);
  await Promise.all([
    worthIt(br) && writeFile(`${file}.br`, br),
    worthIt(gz) && writeFile(`${file}.gz`, gz),
  ]);
  return {
    raw: data.length,
    br: worthIt(br) ? br.length : data.length,
    gz: worthIt(gz) ? gz.length : data.length,
  };
}

/** Compresses every compressible file of the build in `dir`; returns what it wrote. */
export async function precompressBuild(
  dir: string,
): Promise<PrecompressResult> {
  const root = resolve(dir);
  const files = (await listFiles(root)).filter((file) =>
    COMPRESSIBLE.has(extname(file)),
  );
  const sizes = await Promise.all(files.map(compressFile));
  return {
    files: files.length,
    rawBytes: sizes.reduce((total, size) => total + size.raw, 0),
    brotliBytes: sizes.reduce((total, size) => total + size.br, 0),
    gzipBytes: sizes.reduce((total, size) => total + size.gz, 0),
  };
}

/** Vite plugin: precompresses the output folder once the build has written it. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  let log = (message: string) => console.log(message);
  return {
    name: 'candor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const result = await precompressBuild(outDir);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
      log(
        `precompressed ${result.files} files: ${kb(result.rawBytes)} → ` +
          `${kb(result.brotliBytes)} brotli, ${kb(result.gzipBytes)} gzip`,
      );
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('Usage: precompress.ts <build folder>');
  console.log(await precompressBuild(dir));
}
