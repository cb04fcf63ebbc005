import { existsSync } from 'node:fs';
import { requireMediaTool } from './media-tools';
import { MediaError, lastErrorLine, runProcess } from './run-process';

/**
 * A JPEG still 640 pixels wide, taken a little into the video (the first frame of a
 * webcam recording is often black while the camera adjusts).
 */
export async function extractThumbnail(
  videoPath: string,
  outputPath: string,
  options: { durationSeconds: number | null },
): Promise<void> {
  const at = options.durationSeconds
    ? Math.min(1, options.durationSeconds / 2)
    : 0;
  const result = await runProcess(
    requireMediaTool('ffmpeg'),
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      at.toFixed(2),
      '-i',
      videoPath,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(640,iw)':-2",
      '-q:v',
      '4',
      outputPath,
    ],
    { timeoutMs: 120_000 },
  );
  if (result.code !== 0) {
    throw new MediaError(
      'No picture could be taken from the video.',
      lastErrorLine(result.stderr),
    );
  }
  // ffmpeg exits 0 without writing a picture when the video track ends before `at` (a
  // recording whose camera stalled while the sound went on): take the first frame instead.
  if (!existsSync(outputPath)) {
    if (at > 0)
      return extractThumbnail(videoPath, outputPath, { durationSeconds: null });
    throw new MediaError(
      'No picture could be taken from the video.',
      'no frame written',
    );
  }
}
