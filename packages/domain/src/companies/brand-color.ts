import { z } from '../zod';

/**
 * A company's colour on the candidate's pages and e-mails (issue 47, decision 198): `#rrggbb`.
 * Whatever the company picks, what is read stays legible: text on the colour is black or white,
 * whichever contrasts more (one of them always reaches 4.5:1), and where the colour would be
 * text on a light surface (links, outlines, a button's white label on it) a darker shade of it
 * that keeps 4.5:1 is used instead.
 */
export const BRAND_COLOR_MESSAGE =
  'Enter a colour as # and six hexadecimal digits, like #1d4ed8.';

export const brandColorSchema = z
  .string({ error: BRAND_COLOR_MESSAGE })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, BRAND_COLOR_MESSAGE)
  .transform((value) => value.toLowerCase());

/** WCAG 2.1's minimum contrast for body text (success criterion 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The greyest light surface the brand's shade is read on: the candidate pages' own grey is a
 * little lighter (#f6f7f9), their panels white. A shade that reads here reads on all of them.
 */
export const LIGHT_BACKGROUND = '#f1f5f9';

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2.1's relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((part) => {
    const channel = part / 255;
    return channel <= 0.04045
      ? channel / 12.92
      : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever reads better on the colour. */
export function textOnColor(hex: string): '#000000' | '#ffffff' {
  return contrastRatio(hex, '#000000') >= contrastRatio(hex, '#ffffff')
    ? '#000000'
    : '#ffffff';
}

/** `hex` moved towards `towards` by `amount` (0: unchanged, 1: `towards`). */
export function mixColors(
  hex: string,
  towards: string,
  amount: number,
): string {
  const [r, g, b] = rgbOf(hex);
  const [r2, g2, b2] = rgbOf(towards);
  return hexOf([
    r + (r2 - r) * amount,
    g + (g2 - g) * amount,
    b + (b2 - b) * amount,
  ]);
}

/**
 * The colour itself when it reads on the light surfaces, else the lightest darker shade of it
 * that does.
 */
export function shadeForText(hex: string): string {
  const reads = (shade: string) =>
    contrastRatio(shade, LIGHT_BACKGROUND) >= MIN_TEXT_CONTRAST;
  if (reads(hex)) return hex;
  let low = 0;
  let high = 1;
  for (let step = 0; step < 20; step++) {
    const middle = (low + high) / 2;
    if (reads(mixColors(hex, '#000000', middle))) high = middle;
    else low = middle;
  }
  // Rounding to whole channels can land a hair under the line: step on until it holds.
  let shade = mixColors(hex, '#000000', high);
  for (let more = high; !reads(shade);) {
    more = Math.min(1, more + 0.005);
    shade = mixColors(hex, '#000000', more);
  }
  return shade;
}

/** The colours a candidate's page and e-mail take from the company's. */
export type BrandPalette = {
  /** The company's colour, for surfaces (the page's band). */
  surface: string;
  /** Text on `surface`. */
  onSurface: '#000000' | '#ffffff';
  /** Links, outlines and buttons with white text: the colour, darkened until it reads. */
  strong: string;
  /** `strong` when pressed or hovered. */
  stronger: string;
  /** Pale tints of `strong` for a chosen option's background. */
  tint: string;
  faint: string;
};

export function brandPalette(hex: string): BrandPalette {
  const strong = shadeForText(hex);
  return {
    surface: hex,
    onSurface: textOnColor(hex),
    strong,
    stronger: mixColors(strong, '#000000', 0.2),
    tint: mixColors(strong, '#ffffff', 0.85),
    faint: mixColors(strong, '#ffffff', 0.93),
  };
}
