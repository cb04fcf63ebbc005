import { describe, expect, it } from 'vitest';
import {
  BRAND_COLOR_MESSAGE,
  LIGHT_BACKGROUND,
  brandColorSchema,
  brandPalette,
  contrastRatio,
  shadeForText,
  textOnColor,
} from './brand-color';

describe('brandColorSchema', () => {
  it('takes #rrggbb in either case and keeps it in lower case', () => {
    expect(brandColorSchema.parse(' #1D4ED8 ')).toBe('#1d4ed8');
  });

  it.each([
    '1d4ed8',
    '#1d4ed',
    '#1d4ed8ff',
    'blue',
    '#ggg000',
    'rgb(0,0,0)',
    0x1d4ed8,
  ])('refuses %s', (value) => {
    expect(brandColorSchema.safeParse(value).error?.issues[0]?.message).toBe(
      BRAND_COLOR_MESSAGE,
    );
  });
});

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  it('puts black on a light colour and white on a dark one', () => {
    expect(textOnColor('#fde047')).toBe('#000000');
    expect(textOnColor('#1e3a8a')).toBe('#ffffff');
  });

  it('keeps a dark colour and darkens a light one just enough to read on the light surfaces', () => {
    expect(shadeForText('#1e3a8a')).toBe('#1e3a8a');
    const shade = shadeForText('#fde047');
    expect(contrastRatio(shade, LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, LIGHT_BACKGROUND)).toBeLessThan(4.7);
  });

  it('gives every colour a text colour and a shade that reach 4.5:1', () => {
    // Every colour whose channels are multiples of 17 (#000000, #000011 … #ffffff): 4,096.
    const steps = Array.from({ length: 16 }, (_, i) =>
      (i * 17).toString(16).padStart(2, '0'),
    );
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const palette = brandPalette(`#${r}${g}${b}`);
          expect(
            contrastRatio(palette.surface, palette.onSurface),
          ).toBeGreaterThanOrEqual(4.5);
          expect(
            contrastRatio(palette.strong, LIGHT_BACKGROUND),
          ).toBeGreaterThanOrEqual(4.5);
          expect(
            contrastRatio(palette.stronger, LIGHT_BACKGROUND),
          ).toBeGreaterThanOrEqual(4.5);
        }
  });
});
