import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../app-context';
import { runProcess } from '../platform/media/run-process';
import {
  mediaTools,
  processVideoFile,
  type ProcessedVideo,
} from '../platform/media';

/** Three different "recordings": a test picture and a tone each, of different lengths. */
const CLIPS = [
  { source: 'testsrc2=size=480x360:rate=20', tone: 330, seconds: 3 },
  { source: 'smptebars=size=480x360:rate=20', tone: 440, seconds: 5 },
  { source: 'testsrc=size=480x360:rate=20', tone: 550, seconds: 7 },
];

/**
 * Gives the demo applicants' answers (seeded by demo-applicants) real recordings: short
 * WebM files like a browser makes, generated with ffmpeg and run through the real media
 * pipeline, stored under each company's folder. Without ffmpeg the answers keep what
 * demo-applicants gave them.
 */
export async function seedDemoAnswers(ctx: AppContext): Promise<void> {
  const { ffmpeg, ffprobe } = mediaTools();
  if (!ffmpeg || !ffprobe) {
    console.log(
      'Demo answers: ffmpeg or ffprobe was not found, so they keep the library recording.',
    );
    return;
  }
  const answers = await ctx.db
    .selectFrom('answers')
    .innerJoin('applications', 'applications.id', 'answers.application_id')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .select(['answers.id', 'jobs.company_id'])
    .orderBy('answers.id')
    .execute();
  if (answers.length === 0) return;

  const workDir = await mkdtemp(join(tmpdir(), 'candor-demo-answers-'));
  try {
    // The three recordings are made and processed side by side (decision 166).
    const clips: ProcessedVideo[] = await Promise.all(
      CLIPS.map(async (clip, index) => {
        const folder = join(workDir, String(index));
        const recording = join(workDir, `recording-${index}.webm`);
        const made = await runProcess(ffmpeg.path, [
          ...['-hide_banner', '-loglevel', 'error', '-y'],
          ...[
            '-f',
            'lavfi',
            '-i',
            clip.source,
            '-f',
            'lavfi',
            '-i',
            `sine=frequency=${clip.tone}`,
          ],
          ...[
            '-t',
            String(clip.seconds),
            '-c:v',
            'libvpx',
            '-deadline',
            'realtime',
            '-cpu-used',
            '8',
          ],
          ...['-b:v', '600k', '-c:a', 'libopus', recording],
        ]);
        if (made.code !== 0)
          throw new Error(`Could not make a demo recording: ${made.stderr}`);
        await mkdir(folder);
        return processVideoFile(recording, folder);
      }),
    );

    const companies = [...new Set(answers.map((answer) => answer.company_id))];
    const stored = new Map<
      string,
      { videoKey: string; thumbnailKey: string; duration: number }
    >();
    for (const companyId of companies) {
      for (const [index, clip] of clips.entries()) {
        const prefix = `companies/${companyId}/videos/demo-answer-${index + 1}`;
        await ctx.storage.put(
          `${prefix}.mp4`,
          createReadStream(clip.mp4Path),
          'video/mp4',
        );
        await ctx.storage.put(
          `${prefix}.jpg`,
          createReadStream(clip.thumbnailPath),
          'image/jpeg',
        );
        stored.set(`${companyId}:${index}`, {
          videoKey: `${prefix}.mp4`,
          thumbnailKey: `${prefix}.jpg`,
          duration: clip.durationSeconds,
        });
      }
    }
    for (const [position, answer] of answers.entries()) {
      const clip = stored.get(
        `${answer.company_id}:${position % clips.length}`,
      );
      if (!clip) continue;
      await ctx.db
        .updateTable('answers')
        .set({
          status: 'ready',
          video_key: clip.videoKey,
          thumbnail_key: clip.thumbnailKey,
          duration_seconds: clip.duration,
          failed_reason: null,
        })
        .where('id', '=', answer.id)
        .execute();
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
