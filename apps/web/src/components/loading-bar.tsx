import { LOADING_BAR_MS } from '@candor/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A thin bar across the top while a page or its data loads. It creeps towards 90 % over the
 * spec's 5000 ms, then jumps to the end and fades out when loading is done.
 */
export function LoadingBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    // Short loads finish before the bar appears, so quick navigations do not flash; after a
    // load the bar stays a moment to finish its run.
    const timer = setTimeout(() => setShown(active), active ? 120 : 400);
    return () => clearTimeout(timer);
  }, [active]);

  const phase = !shown ? 'idle' : active ? 'running' : 'done';
  if (phase === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('status.loading')}
      aria-busy={phase === 'running'}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5"
    >
      <div
        className="h-full bg-brand-500 shadow-[0_0_8px] shadow-brand-400"
        style={
          phase === 'running'
            ? {
                width: '90%',
                animation: `loading-bar ${LOADING_BAR_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1)`,
              }
            : {
                width: '100%',
                opacity: 0,
                transition: 'width 150ms ease-out, opacity 250ms ease-in 150ms',
              }
        }
      />
    </div>
  );
}
