import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  label?: string;
};

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' };

/** A spinning indicator; give `label` when it is the only sign that something is loading. */
export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      className="inline-flex items-center gap-2"
    >
      <LoaderCircle
        aria-hidden
        className={cn('animate-spin text-brand-600', sizes[size], className)}
      />
      {label && <span className="text-sm text-muted">{label}</span>}
    </span>
  );
}
