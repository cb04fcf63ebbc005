import { useCallback, useEffect, useRef, useState } from 'react';
import {
  cameraProblemOf,
  canRecord,
  type CameraProblem,
} from '../lib/recording';

export type CameraState =
  | { status: 'idle' }
  | { status: 'asking' }
  | { status: 'ready'; stream: MediaStream }
  | { status: 'failed'; problem: CameraProblem };

const CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
  audio: { echoCancellation: true, noiseSuppression: true },
};

/** The camera and microphone for the whole interview: asked once, stopped on leaving. */
export function useCamera() {
  const [state, setState] = useState<CameraState>({ status: 'idle' });
  const streamRef = useRef<MediaStream | null>(null);

  const start = useCallback(async () => {
    if (!canRecord()) {
      setState({ status: 'failed', problem: 'unsupported' });
      return;
    }
    setState({ status: 'asking' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = stream;
      setState({ status: 'ready', stream });
    } catch (error) {
      setState({ status: 'failed', problem: cameraProblemOf(error) });
    }
  }, []);

  /** Turns the camera light off once nothing more is recorded. */
  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setState({ status: 'idle' });
  }, []);

  useEffect(
    () => () => {
      streamRef.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return { state, start, stop };
}
