import { ratingColour, type RatingColour } from '@candor/domain';

const text: Record<RatingColour, string> = {
  green: 'text-emerald-700',
  amber: 'text-amber-700',
  red: 'text-red-700',
};
const fill: Record<RatingColour, string> = {
  green: 'bg-emerald-600',
  amber: 'bg-amber-500',
  red: 'bg-red-600',
};
const soft: Record<RatingColour, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
};

/** Tailwind classes for a rating, by the spec's colour rule (rating / scale). */
export function ratingClasses(rating: number, scale: number) {
  const colour = ratingColour(rating, scale);
  return { colour, text: text[colour], fill: fill[colour], soft: soft[colour] };
}
