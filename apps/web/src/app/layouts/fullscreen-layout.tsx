import { Outlet } from 'react-router';

/**
 * One task filling the screen (e.g. creating an interview, reviewing answers): no header or
 * footer; the page brings its own toolbar with a Back link.
 */
export function FullscreenLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-page">
      <Outlet />
    </div>
  );
}
