import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left of a countdown that runs while `running`; calls `onDone` once at zero.
 * Measured against the clock, so a busy tab does not slow it down.
 */
export function useCountdown(
  seconds: number,
  running: boolean,
  onDone: () => void,
): number {
  const [clock, setClock] = useState<{ endsAt: number; now: number } | null>(
    null,
  );
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (!running) return;
    const endsAt = Date.now() + seconds * 1000;
    const tick = () => {
      const now = Date.now();
      setClock({ endsAt, now });
      if (now >= endsAt) {
        clearInterval(timer);
        done.current();
      }
    };
    const timer = setInterval(tick, 200);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [seconds, running]);

  if (!running || !clock) return seconds;
  return Math.max(0, (clock.endsAt - clock.now) / 1000);
}
