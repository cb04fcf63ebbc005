import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { currentUserQuery } from '../../../lib/session';
import { useShortcuts } from './use-shortcuts';

export const PLAYBACK_SPEEDS = [1, 1.25, 1.5, 2] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

const isPlaybackSpeed = (value: number): value is PlaybackSpeed =>
  (PLAYBACK_SPEEDS as readonly number[]).includes(value);

// Kept per browser and per signed-in user (decision 130): a device's speed is a viewing habit,
// not company data, so it needs no server round trip on a page that plays video after video.
const storageKey = (userId: number | undefined) =>
  `candor.playback-speed.${userId ?? 'guest'}`;

// Fallback when storage is blocked (private windows), so the choice still holds for the visit.
const memory = new Map<string, PlaybackSpeed>();
const listeners = new Set<() => void>();

function readSpeed(key: string): PlaybackSpeed {
  const remembered = memory.get(key);
  if (remembered !== undefined) return remembered;
  try {
    const stored = Number(window.localStorage.getItem(key));
    if (isPlaybackSpeed(stored)) return stored;
  } catch {
    // Storage unavailable: the default applies.
  }
  return 1;
}

function writeSpeed(key: string, speed: PlaybackSpeed): void {
  memory.set(key, speed);
  try {
    window.localStorage.setItem(key, String(speed));
  } catch {
    // Storage unavailable: the in-memory value still serves this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same reviewer changed the speed.
  const onStorage = (event: StorageEvent) => {
    const key = event.key;
    if (key?.startsWith('candor.playback-speed.')) {
      memory.delete(key);
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The next speed up (+1) or down (-1) the list, staying at its ends. */
export function stepPlaybackSpeed(
  speed: PlaybackSpeed,
  step: 1 | -1,
): PlaybackSpeed {
  const index = PLAYBACK_SPEEDS.indexOf(speed) + step;
  return PLAYBACK_SPEEDS[
    Math.min(PLAYBACK_SPEEDS.length - 1, Math.max(0, index))
  ] as PlaybackSpeed;
}

/** The signed-in reviewer's playback speed for answer videos, and a setter that remembers it. */
export function usePlaybackSpeed(): [
  PlaybackSpeed,
  (speed: PlaybackSpeed) => void,
] {
  // Read from the cache only: the signed-in routes loaded the user, and a player must not fetch.
  const userId = useQuery({ ...currentUserQuery, enabled: false }).data?.id;
  const key = storageKey(userId);
  const speed = useSyncExternalStore(subscribe, () => readSpeed(key));
  const setSpeed = useCallback(
    (next: PlaybackSpeed) => writeSpeed(key, next),
    [key],
  );
  return [speed, setSpeed];
}

/** '<' slower and '>' faster, as on common video sites; registered once per page. */
export function usePlaybackSpeedKeys(): void {
  const [speed, setSpeed] = usePlaybackSpeed();
  const handlers = useMemo(
    () => ({
      '<': () => setSpeed(stepPlaybackSpeed(speed, -1)),
      '>': () => setSpeed(stepPlaybackSpeed(speed, 1)),
    }),
    [speed, setSpeed],
  );
  useShortcuts(handlers);
}
