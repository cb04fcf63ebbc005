import { Outlet, useMatches } from 'react-router';

/**
 * Fades a new page in (the spec's out-in transition, kept short). The key is the top page
 * route under the layout, so switching tabs inside a page does not replay it.
 */
export function PageTransition({ depth }: { depth: number }) {
  const matches = useMatches();
  const page = matches[depth];
  return (
    <div
      key={page ? `${page.id}:${page.pathname}` : 'none'}
      className="animate-page-in"
    >
      <Outlet />
    </div>
  );
}
