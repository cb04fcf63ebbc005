import { requireMediaTool } from './media-tools';
import { MediaError, lastErrorLine, runProcess } from './run-process';

export type MediaProbe = {
  durationSeconds: number | null;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
  formatName: string;
};

type FfprobeJson = {
  format?: { duration?: string; format_name?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
  }[];
};

/**
 * What ffprobe sees in a file. Throws MediaError when the file is not readable media.
 * Browser recordings (WebM from MediaRecorder) often carry no duration in their header;
 * then `durationSeconds` is null and the caller measures it after transcoding.
 */
export async function probeMedia(path: string): Promise<MediaProbe> {
  const result = await runProcess(
    requireMediaTool('ffprobe'),
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ],
    { timeoutMs: 60_000 },
  );
  if (result.code !== 0) {
    throw new MediaError(
      'The file is not a readable video.',
      lastErrorLine(result.stderr),
    );
  }
  const json = JSON.parse(result.stdout || '{}') as FfprobeJson;
  const streams = json.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const duration = Number(json.format?.duration ?? video?.duration ?? NaN);
  return {
    durationSeconds:
      Number.isFinite(duration) && duration > 0 ? duration : null,
    video: video
      ? {
          codec: video.codec_name ?? '',
          width: video.width ?? 0,
          height: video.height ?? 0,
        }
      : null,
    audio: audio ? { codec: audio.codec_name ?? '' } : null,
    formatName: json.format?.format_name ?? '',
  };
}
