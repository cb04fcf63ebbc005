// `npm run build --workspace=apps/server` (and every `npm start`): compiles the server to plain
// JavaScript in apps/server/dist with esbuild, in well under a second, so production runs on
// Node alone instead of tsx's loader (docs/decisions/085-server-memory.md).
//
// Layout of dist, which the code relies on:
// - every entry (server.js, worker.js) and every shared chunk sits directly in dist/, the same
//   depth below the repository as src/ (config.ts finds the repository from import.meta.dirname);
// - each migration is its own file in dist/migrations/, the folder db/migrate.ts reads at run
//   time (`./migrations/` beside the code), as it reads src/db/migrations/ under tsx.
// Packages stay in node_modules (imported at run time), except the workspace's own TypeScript
// source (@candor/domain), which is compiled in. Dynamic imports become chunks of their own, so
// what the server loads only when it needs it (the S3 SDK, PGlite, nodemailer) stays unloaded.
import {
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const serverRoot = resolve(import.meta.dirname, '..');
const outdir = join(serverRoot, 'dist');
const migrationsDir = join(serverRoot, 'src/db/migrations');

/** Packages are imported from node_modules at run time; the workspace's TypeScript is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@candor/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [externalPackages],
  write: false,
  logLevel: 'warning',
};

const migrations = (await readdir(migrationsDir))
  .filter((file) => /^\d+_.+\.ts$/.test(file))
  .map((file) => join(migrationsDir, file));

const started = performance.now();
const [app, migrationFiles] = await Promise.all([
  build({
    ...shared,
    entryPoints: ['src/server.ts', 'src/worker.ts'].map((entry) =>
      join(serverRoot, entry),
    ),
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    splitting: true,
  }),
  build({
    ...shared,
    entryPoints: migrations,
    outdir: join(outdir, 'migrations'),
    entryNames: '[name]',
  }),
]);
const outputs = [...app.outputFiles, ...migrationFiles.outputFiles];
const written = await Promise.all(outputs.map(writeIfChanged));
const changed = written.filter(Boolean).length;
await removeStaleMigrations(migrationFiles.outputFiles);
console.log(
  `Server compiled to ${outdir} in ${Math.round(performance.now() - started)} ms` +
    ` (${changed} of ${outputs.length} files changed).`,
);

/**
 * Writes beside the target and renames over it: a server starting at the same moment (two
 * `npm start`s, an e2e run next to a bench) reads the old file or the new one, never half of
 * one. An unchanged file is left alone.
 */
async function writeIfChanged(file) {
  const current = await readFile(file.path).catch(() => null);
  if (current && Buffer.compare(current, file.contents) === 0) return false;
  await mkdir(dirname(file.path), { recursive: true });
  const partial = `${file.path}.${process.pid}.partial`;
  await writeFile(partial, file.contents);
  await rename(partial, file.path);
  return true;
}

/**
 * A migration removed or renamed in src/ must not linger in dist/migrations, where the server
 * would still run it. (Stale chunks elsewhere in dist/ are left: a running server may still
 * import one of its own lazily.)
 */
async function removeStaleMigrations(outputFiles) {
  const folder = join(outdir, 'migrations');
  const current = new Set(outputFiles.map((file) => file.path));
  const names = await readdir(folder);
  await Promise.all(
    names
      // Another build's half-written files (.partial) are its own business.
      .filter((name) => /\.js(\.map)?$/.test(name))
      .map((name) => join(folder, name))
      .filter((path) => !current.has(path))
      .map((path) => rm(path, { force: true })),
  );
}
