import { brandPalette, mixColors } from '@candor/domain';
import type { CSSProperties } from 'react';

/**
 * The company's colour on a candidate's page (decision 198): the design system's brand shades
 * are CSS variables, so setting them on the page's root recolours its buttons, links, focus
 * rings and chosen options, each shade legible as the palette guarantees. `--brand-surface` and
 * `--brand-on-surface` are the colour itself and the black or white text on it.
 */
export function brandStyle(
  color: string | null | undefined,
): CSSProperties | undefined {
  if (!color) return undefined;
  const palette = brandPalette(color);
  const tint = (amount: number) => mixColors(palette.strong, '#ffffff', amount);
  return {
    '--color-brand-50': palette.faint,
    '--color-brand-100': palette.tint,
    '--color-brand-200': tint(0.7),
    '--color-brand-300': tint(0.5),
    '--color-brand-400': tint(0.3),
    '--color-brand-500': palette.strong,
    '--color-brand-600': palette.strong,
    '--color-brand-700': palette.strong,
    '--color-brand-800': palette.stronger,
    '--color-brand-900': palette.stronger,
    '--color-brand-950': palette.stronger,
    '--brand-surface': palette.surface,
    '--brand-on-surface': palette.onSurface,
  } as CSSProperties;
}
