import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../app-context';
import { mediaTools } from '../platform/media/media-tools';
import { runProcess } from '../platform/media/run-process';

type SeedVideo = {
  title: string;
  category: string;
  source: string;
  tone: number;
};

// Test patterns with a tone: real, playable H.264/AAC files made on the spot, no downloads.
const STOCK_VIDEOS: SeedVideo[] = [
  {
    title: 'Welcome to your interview',
    category: 'Welcome',
    source: 'smptebars',
    tone: 440,
  },
  {
    title: 'How one-way interviews work',
    category: 'Welcome',
    source: 'testsrc',
    tone: 523,
  },
  {
    title: 'Tips for a great answer',
    category: 'Advice',
    source: 'testsrc2',
    tone: 659,
  },
  {
    title: 'Thank you for applying',
    category: 'Closing',
    source: 'rgbtestsrc',
    tone: 392,
  },
];
const ACME_VIDEOS: SeedVideo[] = [
  {
    title: 'A message from our founder',
    category: 'Culture',
    source: 'smptehdbars',
    tone: 330,
  },
  { title: 'Life at Acme', category: 'Culture', source: 'testsrc', tone: 587 },
];

/** Library videos for the demo: a shared stock library and a couple of Acme's own. */
export async function seedDemoVideos(ctx: AppContext): Promise<void> {
  const ffmpeg = mediaTools().ffmpeg;
  if (!ffmpeg) {
    console.log(
      'Demo videos skipped: ffmpeg was not found (set FFMPEG_PATH, or install without --omit=optional).',
    );
    return;
  }
  const acme = await ctx.db
    .selectFrom('companies')
    .select('id')
    .where('shortname', '=', 'acme')
    .executeTakeFirst();
  const workDir = await mkdtemp(join(tmpdir(), 'candor-seed-videos-'));
  try {
    const wanted = [
      ...STOCK_VIDEOS.map((video) => ({ video, companyId: null })),
      ...(acme
        ? ACME_VIDEOS.map((video) => ({ video, companyId: acme.id }))
        : []),
    ];
    // The files are made side by side (each ffmpeg mostly waits on its own pipeline; on a busy
    // machine one after another took a minute, decision 166); the rows go in in this order.
    const made = await Promise.all(
      wanted.map(({ video }) =>
        makeVideo({ ffmpeg: ffmpeg.path, workDir }, video),
      ),
    );
    for (const [index, { video, companyId }] of wanted.entries()) {
      const files = made[index];
      if (files) await addVideo(ctx, files, video, companyId);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

type VideoFiles = { uuid: string; mp4: string; jpg: string };

/** A four-second test pattern with its tone as H.264/AAC, and its thumbnail. */
async function makeVideo(
  { ffmpeg, workDir }: { ffmpeg: string; workDir: string },
  seed: SeedVideo,
): Promise<VideoFiles> {
  const uuid = randomUUID();
  const mp4 = join(workDir, `${uuid}.mp4`);
  const jpg = join(workDir, `${uuid}.jpg`);
  const made = await runProcess(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `${seed.source}=duration=4:size=640x480:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${seed.tone}:duration=4`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-shortest',
      '-movflags',
      '+faststart',
      mp4,
    ],
    { timeoutMs: 60_000 },
  );
  if (made.code !== 0)
    throw new Error(
      `ffmpeg could not make a demo video: ${made.stderr.slice(-300)}`,
    );
  const still = await runProcess(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      '1',
      '-i',
      mp4,
      '-frames:v',
      '1',
      '-q:v',
      '4',
      jpg,
    ],
    {
      timeoutMs: 60_000,
    },
  );
  if (still.code !== 0)
    throw new Error(
      `ffmpeg could not make a demo thumbnail: ${still.stderr.slice(-300)}`,
    );
  return { uuid, mp4, jpg };
}

async function addVideo(
  ctx: AppContext,
  { uuid, mp4, jpg }: VideoFiles,
  seed: SeedVideo,
  companyId: number | null,
) {
  const folder = `videos/${companyId ?? 'stock'}`;
  const videoKey = `${folder}/${uuid}.mp4`;
  const thumbnailKey = `${folder}/${uuid}.jpg`;
  await ctx.storage.put(videoKey, await readFile(mp4), 'video/mp4');
  await ctx.storage.put(thumbnailKey, await readFile(jpg), 'image/jpeg');
  const now = new Date();
  await ctx.db
    .insertInto('videos')
    .values({
      company_id: companyId,
      is_stock: companyId === null,
      uuid,
      filename: `${seed.title}.mp4`,
      description: seed.title,
      category: seed.category,
      original_key: videoKey,
      video_key: videoKey,
      thumbnail_key: thumbnailKey,
      duration_seconds: 4,
      uploading: false,
      uploaded_at: now,
      transcoded_at: now,
    })
    .execute();
}
