import { Wifi, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** A route's `handle` that changes what the banner says while offline. */
export type OfflineNoticeHandle = { offlineNotice: 'answersKept' };

function offlineNoticeOf(handle: unknown) {
  return typeof handle === 'object' &&
    handle !== null &&
    'offlineNotice' in handle
    ? (handle as OfflineNoticeHandle).offlineNotice
    : undefined;
}

/** Says when the browser goes offline, and briefly when it is back online. */
export function ConnectivityBanner() {
  const { t } = useTranslation();
  const notice = useMatches()
    .map((match) => offlineNoticeOf(match.handle))
    .find(Boolean);
  const [state, setState] = useState<'online' | 'offline' | 'back'>(() =>
    navigator.onLine ? 'online' : 'offline',
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goOffline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const goOnline = () => {
      setState('back');
      timer = setTimeout(() => setState('online'), 3000);
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

  if (state === 'online') return null;
  const offline = state === 'offline';
  return (
    <div
      role="status"
      className={
        offline
          ? 'fixed inset-x-0 bottom-0 z-[60] flex items-center justify-center gap-2 bg-slate-900 px-4 py-2.5 text-sm text-white'
          : 'fixed inset-x-0 bottom-0 z-[60] flex items-center justify-center gap-2 bg-success px-4 py-2.5 text-sm text-white'
      }
    >
      {offline ? (
        <WifiOff className="size-4" aria-hidden />
      ) : (
        <Wifi className="size-4" aria-hidden />
      )}
      {offline
        ? t(
            notice === 'answersKept'
              ? 'status.offlineAnswersKept'
              : 'status.offline',
          )
        : t('status.online')}
    </div>
  );
}
