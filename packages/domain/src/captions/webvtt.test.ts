import { describe, expect, it } from 'vitest';
import {
  CaptionsError,
  formatEditorTime,
  parseEditorTime,
  captionsFromSpeech,
  parseWebVtt,
  toWebVtt,
  transcriptOf,
} from './webvtt';

const FILE = `WEBVTT - Welcome

NOTE written by hand

1
00:00:00.500 --> 00:00:03.000 line:90%
Hello, and welcome.

00:03.000 --> 00:06.250
Tell us about
a hard problem.
`;

describe('parseWebVtt', () => {
  it('reads cues with or without an id, hours or settings, and skips notes', () => {
    expect(parseWebVtt(FILE)).toEqual([
      { start: 0.5, end: 3, text: 'Hello, and welcome.' },
      { start: 3, end: 6.25, text: 'Tell us about\na hard problem.' },
    ]);
  });

  it('writes back what it read', () => {
    const cues = parseWebVtt(FILE);
    expect(parseWebVtt(toWebVtt(cues))).toEqual(cues);
    expect(toWebVtt(cues)).toContain('00:00:03.000 --> 00:00:06.250\n');
  });

  it.each([
    ['Hello', 'Line 1: a WebVTT file starts with "WEBVTT".'],
    [
      'WEBVTT\n\n00:00:01 --> 00:00:02\nHi',
      'Line 3: expected a time range like "00:00:01.000 --> 00:00:04.000".',
    ],
    [
      'WEBVTT\n\n00:00:04.000 --> 00:00:02.000\nHi',
      'Line 3: a caption must end after it starts.',
    ],
    [
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n',
      'Line 4: a caption needs its text.',
    ],
    [
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n00:00:02.000 --> 00:00:03.000\nThere',
      'Line 5: a blank line must come before the next caption.',
    ],
    ['WEBVTT\n', 'Line 2: the file has no captions.'],
  ])('names the line that is wrong in %j', (source, message) => {
    expect(() => parseWebVtt(source)).toThrow(new CaptionsError(message));
  });
});

describe('captionsFromSpeech', () => {
  it('spreads the phrases over the speech in proportion to their length', () => {
    const cues = captionsFromSpeech(
      'Tell us about yourself. Why this role?',
      6,
    );
    expect(cues.map((cue) => cue.text)).toEqual([
      'Tell us about yourself.',
      'Why this role?',
    ]);
    expect(cues[0]?.start).toBe(0);
    expect(cues[1]?.end).toBeCloseTo(6, 6);
    expect(cues[0]?.end).toBeCloseTo((6 * 23) / 37, 6);
    expect(transcriptOf(cues)).toBe('Tell us about yourself. Why this role?');
  });

  it('cuts a long sentence into phrases of at most two caption lines', () => {
    const text =
      'Describe a time when you had to deliver difficult news to a customer, how you prepared for the conversation, and what you would do differently next time.';
    const cues = captionsFromSpeech(text, 12);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) expect(cue.text.length).toBeLessThanOrEqual(84);
    expect(transcriptOf(cues)).toBe(text);
  });

  it('has nothing to say without text or time', () => {
    expect(captionsFromSpeech('', 5)).toEqual([]);
    expect(captionsFromSpeech('Hello.', 0)).toEqual([]);
  });
});

describe("the editor's times", () => {
  it.each([
    ['4', 4],
    ['4.5', 4.5],
    ['1:04.5', 64.5],
    ['0:04,25', 4.25],
    ['1:02:03.250', 3723.25],
  ])('reads %s', (text, seconds) => {
    expect(parseEditorTime(text)).toBe(seconds);
  });

  it.each(['', 'soon', '1:75', '-3', '1.2.3'])('refuses %j', (text) => {
    expect(parseEditorTime(text)).toBeNull();
  });

  it('writes minutes and seconds to a tenth', () => {
    expect(formatEditorTime(64.5)).toBe('1:04.5');
    expect(formatEditorTime(3.04)).toBe('0:03.0');
  });
});
