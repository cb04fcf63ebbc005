import {
  accessSync,
  constants,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

export type TestBrowser = {
  executablePath: string;
  /** Environment for the browser process; undefined: this process's own. */
  env: Record<string, string> | undefined;
  source: 'system' | 'package';
};

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The Chromium the browser tests run: the system's (`chromium` on PATH, Debian's) when there
 * is one, else the headless Chromium inside the npm package @sparticuz/chromium, unpacked once
 * into node_modules/.cache (docs/decisions/123-test-browser-from-npm.md). Synchronous, because
 * the Playwright configuration needs the path as it loads; the first unpacking takes a few
 * seconds.
 */
/**
 * The flags every test browser starts with (a closed network: no background connections), and
 * the fake camera and microphone with their permission prompt answered.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const FAKE_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export function testBrowser(): TestBrowser {
  const system = findOnPath('chromium');
  if (system)
    return { executablePath: system, env: undefined, source: 'system' };
  const folder = unpackPackagedChromium();
  const libraries = join(folder, 'lib');
  const inherited = process.env.LD_LIBRARY_PATH;
  return {
    executablePath: join(folder, 'chromium'),
    env: {
      ...definedEntries(process.env),
      // Its own NSS, NSPR and expat: a machine without a browser has none of them.
      LD_LIBRARY_PATH: inherited ? `${libraries}:${inherited}` : libraries,
      FONTCONFIG_FILE: join(folder, 'fonts.conf'),
    },
    source: 'package',
  };
}

function findOnPath(name: string): string | null {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (!folder || !isAbsolute(folder)) continue;
    const candidate = join(folder, name);
    try {
      // A regular executable file: /dev/null bound over the program does not count.
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/**
 * The package's brotli files, unpacked beside each other in a folder named after its version:
 * the browser, its libraries (the Amazon Linux set, which also fits Debian and Ubuntu) and a
 * font. Not the package's own `executablePath()`: it unpacks into a shared /tmp/chromium that
 * a second run may read half-written, and its launch arguments are made for AWS Lambda
 * (`--single-process` and others) and break the fake camera.
 */
function unpackPackagedChromium(): string {
  const packageDir = dirname(
    dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')),
  );
  const { version } = JSON.parse(
    readFileSync(join(packageDir, 'package.json'), 'utf8'),
  ) as { version: string };
  const folder = join(
    repoRoot,
    'node_modules',
    '.cache',
    `sparticuz-chromium-${version}`,
  );
  try {
    if (statSync(join(folder, 'chromium')).isFile()) return folder;
  } catch {
    // Not unpacked yet.
  }
  // Unpacked aside and renamed into place, so a run starting at the same moment never
  // sees half a browser.
  const partial = `${folder}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const bin = join(packageDir, 'bin');
  writeFileSync(
    join(partial, 'chromium'),
    brotliDecompressSync(readFileSync(join(bin, 'chromium.br'))),
    { mode: 0o755 },
  );
  extractTar(
    brotliDecompressSync(readFileSync(join(bin, 'al2023.tar.br'))),
    partial,
  );
  extractTar(
    brotliDecompressSync(readFileSync(join(bin, 'fonts.tar.br'))),
    partial,
  );
  // The system's fonts when it has any, and the package's Open Sans in any case.
  writeFileSync(
    join(partial, 'fonts.conf'),
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
      `  <dir>${join(folder, 'fonts')}</dir>`,
      `  <cachedir>${join(folder, 'fonts-cache')}</cachedir>`,
      '</fontconfig>',
      '',
    ].join('\n'),
  );
  try {
    renameSync(partial, folder);
  } catch (error) {
    // Another run unpacked it first: use theirs.
    rmSync(partial, { recursive: true, force: true });
    if (!statSync(join(folder, 'chromium'), { throwIfNoEntry: false }))
      throw error;
  }
  return folder;
}

/** The plain files and folders of a ustar archive (all these archives hold). */
function extractTar(archive: Buffer, into: string): void {
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const name = [text(345, 155), text(0, 100)].filter(Boolean).join('/');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const mode = parseInt(text(100, 8).trim() || '644', 8);
    const type = text(156, 1) || '0';
    const body = archive.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x' || type === 'g') continue; // pax metadata
    const target = resolve(into, name);
    if (!target.startsWith(`${resolve(into)}/`))
      throw new Error(`Archive entry outside its folder: ${name}`);
    if (type === '5') {
      mkdirSync(target, { recursive: true });
    } else if (type === '0') {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, body, { mode: mode & 0o777 });
    } else {
      throw new Error(`Unexpected archive entry type ${type}: ${name}`);
    }
  }
}

function definedEntries(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}
