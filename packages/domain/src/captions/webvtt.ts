/**
 * Captions as WebVTT (issue 47, decision 199): what a company uploads or types is checked here
 * line by line, and a spoken question's captions are made from its own text and its speech's
 * length. Only what players need is kept: cues with their times and text (an id, cue settings,
 * NOTE and STYLE blocks are accepted and dropped).
 */
export type Cue = { start: number; end: number; text: string };

export const MAX_CAPTIONS_CHARACTERS = 100_000;
export const MAX_CUE_CHARACTERS = 500;

export class CaptionsError extends Error {}

const TIMING =
  /^((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})[ \t]+-->[ \t]+((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})(?:[ \t]+.*)?$/;

function secondsOf(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  const [seconds = 0, minutes = 0, hours = 0] = parts.reverse();
  return hours * 3600 + minutes * 60 + seconds;
}

function fail(line: number, message: string): never {
  throw new CaptionsError(`Line ${line}: ${message}`);
}

/** The cues of a WebVTT file, or a CaptionsError naming the first line that is wrong. */
export function parseWebVtt(source: string): Cue[] {
  if (source.length > MAX_CAPTIONS_CHARACTERS)
    throw new CaptionsError('Captions have at most 100,000 characters.');
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? ''))
    fail(1, 'a WebVTT file starts with "WEBVTT".');
  const cues: Cue[] = [];
  let index = 1;
  // The header's own lines run to the first blank line.
  while (index < lines.length && lines[index]?.trim() !== '') index++;
  while (index < lines.length) {
    if (lines[index]?.trim() === '') {
      index++;
      continue;
    }
    const first = lines[index] ?? '';
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) {
      while (index < lines.length && lines[index]?.trim() !== '') index++;
      continue;
    }
    // An optional cue id, then its timing line.
    let timingLine = index;
    if (!first.includes('-->')) timingLine = index + 1;
    const timing = TIMING.exec(lines[timingLine] ?? '');
    if (!timing)
      fail(
        timingLine + 1,
        'expected a time range like "00:00:01.000 --> 00:00:04.000".',
      );
    const start = secondsOf(timing[1] ?? '');
    const end = secondsOf(timing[2] ?? '');
    if (end <= start)
      fail(timingLine + 1, 'a caption must end after it starts.');
    const text: string[] = [];
    index = timingLine + 1;
    while (index < lines.length && lines[index]?.trim() !== '') {
      if (lines[index]?.includes('-->'))
        fail(index + 1, 'a blank line must come before the next caption.');
      text.push(lines[index] ?? '');
      index++;
    }
    if (text.length === 0) fail(timingLine + 2, 'a caption needs its text.');
    const joined = text.join('\n');
    if (joined.length > MAX_CUE_CHARACTERS)
      fail(
        timingLine + 2,
        `a caption has at most ${MAX_CUE_CHARACTERS} characters.`,
      );
    cues.push({ start, end, text: joined });
  }
  if (cues.length === 0) fail(lines.length, 'the file has no captions.');
  return cues;
}

function stamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const h = Math.floor(millis / 3_600_000);
  const m = Math.floor((millis % 3_600_000) / 60_000);
  const s = Math.floor((millis % 60_000) / 1000);
  const ms = millis % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.${String(ms).padStart(3, '0')}`;
}

/** The cues as a WebVTT file, in the form every player reads. */
export function toWebVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues
    .map((cue) => `${stamp(cue.start)} --> ${stamp(cue.end)}\n${cue.text}`)
    .join('\n\n')}\n`;
}

/** The words of the captions, in order: the question's transcript. */
export function transcriptOf(cues: readonly Cue[]): string {
  return cues.map((cue) => cue.text.replace(/\s*\n\s*/g, ' ')).join(' ');
}

const MAX_SPOKEN_CUE = 84;

/** The text in phrases short enough for two caption lines, cut at sentences, then commas, then words. */
function phrasesOf(text: string): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?…])\s+/)
    .filter(Boolean);
  return sentences.flatMap((sentence) => {
    if (sentence.length <= MAX_SPOKEN_CUE) return [sentence];
    const phrases: string[] = [];
    let current = '';
    for (const word of sentence.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (next.length > MAX_SPOKEN_CUE && current) {
        phrases.push(current);
        current = word;
      } else current = next;
      if (/[,;:]$/.test(current) && current.length >= MAX_SPOKEN_CUE / 2) {
        phrases.push(current);
        current = '';
      }
    }
    if (current) phrases.push(current);
    return phrases;
  });
}

/**
 * A spoken question's captions: its text in phrases over the speech's length, each phrase given
 * time in proportion to its letters (a synthetic voice keeps an even pace), so the caption on
 * screen follows what is being said.
 */
export function captionsFromSpeech(
  text: string,
  durationSeconds: number,
): Cue[] {
  const phrases = phrasesOf(text);
  const letters = phrases.reduce((sum, phrase) => sum + phrase.length, 0);
  if (phrases.length === 0 || letters === 0 || !(durationSeconds > 0))
    return [];
  let start = 0;
  return phrases.map((phrase) => {
    const end = start + (durationSeconds * phrase.length) / letters;
    const cue = { start, end, text: phrase };
    start = end;
    return cue;
  });
}

/**
 * A time as the captions editor takes it: seconds ("4.5"), minutes and seconds ("1:04.5") or
 * hours too ("1:02:03.250"); null when it is not one.
 */
export function parseEditorTime(value: string): number | null {
  const match = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d{1,2}(?:[.,]\d{1,3})?)$/.exec(
    value.trim(),
  );
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  if (match[2] !== undefined && Number(seconds.replace(',', '.')) >= 60)
    return null;
  return (
    Number(hours) * 3600 +
    Number(minutes) * 60 +
    Number(seconds.replace(',', '.'))
  );
}

/** "1:04.5": the editor's way of showing a cue's time. */
export function formatEditorTime(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}
