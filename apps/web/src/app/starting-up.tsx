import { Spinner } from '../components/spinner';

/** Shown while the first page's data loads, before any layout can render. */
export function StartingUp() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
