import { describe, expect, it } from 'vitest';
import { smsCount, smsEncoding, splitSms } from './sms-parts';

describe('smsEncoding', () => {
  it.each([
    ['Hello Anna, your interview is ready', 'gsm7'],
    ['Café Noir: Zoë, à bientôt', 'ucs2'], // ô and ë are not in the GSM alphabet
    ['Müller & Søn: é è ù ì ò à Ä Ö Ñ Ü', 'gsm7'],
    ['Price: 5€ [draft] {x} ~ ^ | \\', 'gsm7'],
    ['Łukasz', 'ucs2'],
    ['Great 👍', 'ucs2'],
  ] as const)('%s goes as %s', (text, expected) => {
    expect(smsEncoding(text)).toBe(expected);
  });
});

describe('splitSms', () => {
  it.each([
    ['a'.repeat(160), 'gsm7', [160]],
    ['a'.repeat(161), 'gsm7', [153, 8]],
    ['a'.repeat(306), 'gsm7', [153, 153]],
    ['a'.repeat(307), 'gsm7', [153, 153, 1]],
    ['ô'.repeat(70), 'ucs2', [70]],
    ['ô'.repeat(71), 'ucs2', [67, 4]],
  ] as const)('%#: %s parts', (text, encoding, lengths) => {
    const { encoding: chosen, parts } = splitSms(text);
    expect(chosen).toBe(encoding);
    expect(parts.map((part) => part.length)).toEqual(lengths);
    expect(parts.join('')).toBe(text);
  });

  it('counts an extension character as two septets and never splits it', () => {
    // 152 plain characters and a euro sign: 154 septets, more than one part of 153 holds.
    const text = `${'a'.repeat(152)}€${'b'.repeat(10)}`;
    expect(smsCount(text)).toEqual({ encoding: 'gsm7', length: 164, parts: 2 });
    expect(splitSms(text).parts[0]).toBe('a'.repeat(152));
  });

  it('never splits an emoji between two parts', () => {
    const text = `${'ô'.repeat(66)}👍${'ô'.repeat(10)}`;
    const { parts } = splitSms(text);
    expect(parts[0]).toBe('ô'.repeat(66));
    expect(parts[1]?.startsWith('👍')).toBe(true);
  });

  it('counts no part for an empty text', () => {
    expect(smsCount('')).toEqual({ encoding: 'gsm7', length: 0, parts: 0 });
  });
});
