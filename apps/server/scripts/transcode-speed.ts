/**
 * `npx tsx apps/server/scripts/transcode-speed.ts [runs]`: how long the answer pipeline (probe,
 * transcode, probe, thumbnail: platform/media/process-video.ts) takes for a 60-second 720p
 * answer as a browser records it (WebM, VP8 at 2.5 Mbit/s, 30 fps, Opus), made once with
 * ffmpeg's test pattern. Prints each run's wall time and the CPU seconds ffmpeg and ffprobe
 * used, with the load average before it: on a shared machine the CPU time is the steadier
 * figure (decision 135). The target is under 15 s on 2 cores.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  resolveMediaTools,
  useMediaTools,
} from '../src/platform/media/media-tools';
import { processVideoFile } from '../src/platform/media/process-video';

const tools = resolveMediaTools({ searchPath: process.env.PATH });
if (!tools.ffmpeg || !tools.ffprobe)
  throw new Error('ffmpeg and ffprobe are needed.');
useMediaTools(tools);

/** CPU seconds of this process's children that have ended (Linux: /proc/self/stat). */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields 16 and 17 (cutime, cstime), counted after the command name's closing bracket.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const folder = mkdtempSync(join(tmpdir(), 'candor-transcode-speed-'));
try {
  const input = join(folder, 'answer.webm');
  execFileSync(tools.ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '60',
    '-c:v',
    'libvpx',
    '-b:v',
    '2500k',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-c:a',
    'libopus',
    input,
  ]);
  console.log(
    `60 s 1280x720 WebM, ${(statSync(input).size / 1e6).toFixed(1)} MB; ${cpus().length} cores; ${tools.ffmpeg.path}`,
  );
  const runs = Number(process.argv[2] ?? 3);
  for (let run = 1; run <= runs; run++) {
    const work = mkdtempSync(join(folder, 'run-'));
    const load = loadavg()[0]?.toFixed(1);
    const cpuBefore = childrenCpuSeconds();
    const started = performance.now();
    const result = await processVideoFile(input, work);
    const wall = (performance.now() - started) / 1000;
    const cpu = childrenCpuSeconds() - cpuBefore;
    console.log(
      `run ${run}: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU, MP4 ${(statSync(result.mp4Path).size / 1e6).toFixed(1)} MB (load average before: ${load})`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
