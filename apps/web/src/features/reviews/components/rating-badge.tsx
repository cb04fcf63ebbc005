import { cn } from '../../../lib/cn';
import { ratingClasses } from './rating-colour';

/** A rating out of the scale in the rating colour, e.g. "3.5 / 5". */
export function RatingBadge({
  rating,
  scale,
  label,
}: {
  rating: number | null;
  scale: number;
  label?: string;
}) {
  if (rating === null) return <span className="text-sm text-muted">–</span>;
  const classes = ratingClasses(rating, scale);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1',
        classes.soft,
      )}
      title={label}
    >
      {Number.isInteger(rating) ? rating : rating.toFixed(2)}{' '}
      {/* The same colour as the rating: a lighter one fell below 4.5:1 on the soft backgrounds. */}
      <span className="font-normal">/ {scale}</span>
    </span>
  );
}
