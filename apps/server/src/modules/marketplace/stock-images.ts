import type { MarketplaceStockImageId } from '@candor/domain';

// Two brand-safe colours and a simple motif per stock image; drawn here so the
// marketplace works with no image files to ship or download.
const PALETTES: Record<MarketplaceStockImageId, [string, string, string]> = {
  office: [
    '#4338ca',
    '#818cf8',
    'M120 300h160v-140h-160zM150 190h30v30h-30zM220 190h30v30h-30zM150 240h30v30h-30z',
  ],
  hospitality: [
    '#b45309',
    '#fbbf24',
    'M140 280h160M160 280a60 60 0 0 1 120 0M220 210v-15',
  ],
  retail: [
    '#be185d',
    '#f9a8d4',
    'M150 200h140l-15 100h-110zM180 200a40 40 0 0 1 80 0',
  ],
  engineering: [
    '#0f766e',
    '#5eead4',
    'M220 170a60 60 0 1 0 0.1 0M220 200a30 30 0 1 0 0.1 0',
  ],
  healthcare: [
    '#b91c1c',
    '#fca5a5',
    'M200 170h40v50h50v40h-50v50h-40v-50h-50v-40h50z',
  ],
  graduate: [
    '#1e3a8a',
    '#93c5fd',
    'M120 220l100-50 100 50-100 50zM170 245v40c30 20 70 20 100 0v-40',
  ],
};

export function isStockImageId(id: string): id is MarketplaceStockImageId {
  return Object.hasOwn(PALETTES, id);
}

export function stockImageSvg(id: MarketplaceStockImageId): string {
  const [dark, light, motif] = PALETTES[id];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 440 440" width="880" height="880">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="440" height="440" fill="url(#g)"/>
<circle cx="360" cy="80" r="120" fill="#ffffff" fill-opacity="0.08"/>
<circle cx="60" cy="400" r="160" fill="#ffffff" fill-opacity="0.06"/>
<path d="${motif}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
}
