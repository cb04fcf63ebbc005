import { requireMediaTool } from './media-tools';
import { MediaError, lastErrorLine, runProcess } from './run-process';

/** Longest side we keep: answers are watched in a 4:3 player, 1280 wide is plenty. */
export const MAX_VIDEO_WIDTH = 1280;

/**
 * Transcodes any readable video to an MP4 that plays everywhere: H.264 (yuv420p) + AAC,
 * moov atom first (+faststart) so playback starts before the download ends, scaled down to
 * at most 1280 wide with even dimensions. A file without sound gets no audio track.
 */
export async function transcodeToMp4(
  inputPath: string,
  outputPath: string,
  options: { hasAudio: boolean },
): Promise<void> {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    inputPath,
    '-map',
    '0:v:0',
    ...(options.hasAudio ? ['-map', '0:a:0'] : []),
    '-vf',
    `scale='min(${MAX_VIDEO_WIDTH},iw)':-2,format=yuv420p`,
    '-c:v',
    'libx264',
    // superfast with veryfast's macroblock tree: a 60 s 720p answer in about 17 CPU seconds
    // instead of 25, for a file about 8 % larger (decision 135 has the measurements).
    '-preset',
    'superfast',
    '-x264-params',
    'mbtree=1:rc-lookahead=10',
    '-crf',
    '26',
    '-profile:v',
    'main',
    ...(options.hasAudio
      ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2']
      : ['-an']),
    // A recording whose camera stalled while the sound went on leaves one stream far ahead;
    // ffmpeg 4 (the npm package's) gives up on it with its small default queue.
    '-max_muxing_queue_size',
    '4096',
    '-movflags',
    '+faststart',
    outputPath,
  ];
  const result = await runProcess(requireMediaTool('ffmpeg'), args, {
    timeoutMs: 30 * 60_000,
  });
  if (result.code !== 0) {
    throw new MediaError(
      'The video could not be converted.',
      lastErrorLine(result.stderr),
    );
  }
}
