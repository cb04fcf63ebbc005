import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  mkdirSync,
  renameSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, delimiter, isAbsolute, join } from 'node:path';

export type MediaToolName = 'ffmpeg' | 'ffprobe';

/** Where a program was found: its setting, the system's PATH, or the npm package. */
export type MediaToolSource = 'setting' | 'system' | 'package';

export type MediaTool = { path: string; source: MediaToolSource };

/** ffmpeg and ffprobe as this process runs them; null when neither source has one. */
export type MediaTools = Record<MediaToolName, MediaTool | null>;

export type MediaToolSettings = {
  /** FFMPEG_PATH / FFPROBE_PATH: used as given, and must be an executable file. */
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
  /** The PATH to search for the system's programs. */
  searchPath?: string | undefined;
  /** The programs inside the npm packages (tests replace it). */
  findPackaged?: (name: MediaToolName) => string | null;
};

/**
 * Finds ffmpeg and ffprobe: a setting wins, then the system's program (Debian's is newer and
 * gets security updates), then the static build inside the optional npm packages
 * @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (docs/decisions/121-ffmpeg-from-the-system-or-npm.md).
 * A setting that names no executable file stops the start.
 */
export function resolveMediaTools(settings: MediaToolSettings): MediaTools {
  const findPackaged = settings.findPackaged ?? findPackagedTool;
  const resolveOne = (
    name: MediaToolName,
    setting: string | undefined,
  ): MediaTool | null => {
    if (setting) {
      if (!isExecutableFile(setting)) {
        throw new Error(
          `${name.toUpperCase()}_PATH: ${setting} is not an executable file.`,
        );
      }
      return { path: setting, source: 'setting' };
    }
    const system = findOnPath(name, settings.searchPath ?? '');
    if (system) return { path: system, source: 'system' };
    const packaged = findPackaged(name);
    return packaged
      ? { path: makeExecutable(packaged), source: 'package' }
      : null;
  };
  return {
    ffmpeg: resolveOne('ffmpeg', settings.ffmpegPath),
    ffprobe: resolveOne('ffprobe', settings.ffprobePath),
  };
}

/** One line for the start-up message and logs. */
export function describeMediaTools(tools: MediaTools): string {
  const describe = (name: MediaToolName) => {
    const tool = tools[name];
    if (!tool) return `${name} not found`;
    const from = {
      setting: `${name.toUpperCase()}_PATH`,
      system: 'system',
      package: 'npm package',
    }[tool.source];
    return `${name} ${tool.path} (${from})`;
  };
  return `${describe('ffmpeg')}, ${describe('ffprobe')}`;
}

let current: MediaTools | null = null;

/** Set once at start from the configuration (createAppContext). */
export function useMediaTools(tools: MediaTools): void {
  current = tools;
}

export function mediaTools(): MediaTools {
  if (!current) {
    throw new Error(
      'The media tools are not set up: createAppContext sets them from the configuration.',
    );
  }
  return current;
}

/** The path of a program the caller cannot do without; a readable error when it is missing. */
export function requireMediaTool(name: MediaToolName): string {
  const tool = mediaTools()[name];
  if (!tool) {
    throw new Error(
      `${name} was not found: set ${name.toUpperCase()}_PATH, install ${name}, or install the optional npm packages (npm install without --omit=optional).`,
    );
  }
  return tool.path;
}

function findOnPath(name: string, searchPath: string): string | null {
  for (const folder of searchPath.split(delimiter)) {
    // A relative PATH entry would depend on the folder the server was started from.
    if (!folder || !isAbsolute(folder)) continue;
    const candidate = join(folder, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

function isExecutableFile(path: string): boolean {
  try {
    // A regular file: /dev/null bound over a program (or a folder) does not count.
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const PACKAGES: Record<MediaToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

function findPackagedTool(name: MediaToolName): string | null {
  try {
    // Optional dependencies: absent on an unsupported platform or with --omit=optional, and
    // then the package's index throws.
    const found = createRequire(import.meta.url)(PACKAGES[name]) as {
      path?: unknown;
    };
    return typeof found.path === 'string' ? found.path : null;
  } catch {
    return null;
  }
}

/**
 * The packages mark their binary executable in an install script, which npm may not run (npm 11
 * asks for approval first). Add the mode bits ourselves; where node_modules is read-only, run a
 * copy from the temporary folder instead.
 */
function makeExecutable(path: string): string {
  if (isExecutableFile(path)) return path;
  try {
    chmodSync(path, statSync(path).mode | 0o111);
    if (isExecutableFile(path)) return path;
  } catch {
    // Not ours to change: fall through to the copy.
  }
  const { size, mtimeMs } = statSync(path);
  const folder = join(tmpdir(), 'candor-media-tools');
  const copy = join(folder, `${size}-${Math.round(mtimeMs)}-${basename(path)}`);
  if (isExecutableFile(copy)) return copy;
  mkdirSync(folder, { recursive: true });
  const partial = `${copy}.${process.pid}.partial`;
  copyFileSync(path, partial);
  chmodSync(partial, 0o755);
  renameSync(partial, copy);
  return copy;
}
