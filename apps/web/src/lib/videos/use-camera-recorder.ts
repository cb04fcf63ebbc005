import { useEffect, useMemo, useRef, useState } from 'react';

export type RecorderPhase = 'idle' | 'recording' | 'recorded';

function preferredType(): string {
  const types = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  return types.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

/**
 * The camera and MediaRecorder behind a recording screen: opens the camera while mounted
 * (and stops it after), records into one Blob, counts the seconds and gives a playback URL.
 */
export function useCameraRecorder() {
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [cameraFailed, setCameraFailed] = useState(false);
  const [cameraReady, setCameraReady] = useState(false);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [seconds, setSeconds] = useState(0);
  const supported =
    typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices;
  const playback = useMemo(
    () => (recording ? URL.createObjectURL(recording) : null),
    [recording],
  );

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { width: 640, height: 480 }, audio: true })
      .then((media) => {
        if (cancelled)
          return media.getTracks().forEach((track) => track.stop());
        stream.current = media;
        if (preview.current) preview.current.srcObject = media;
        setCameraReady(true);
      })
      .catch(() => setCameraFailed(true));
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((track) => track.stop());
    };
  }, [supported]);

  useEffect(
    () => () => {
      if (playback) URL.revokeObjectURL(playback);
    },
    [playback],
  );

  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = window.setInterval(
      () => setSeconds((value) => value + 1),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [phase]);

  const start = () => {
    if (!stream.current) return;
    const chunks: Blob[] = [];
    const type = preferredType();
    const media = new MediaRecorder(
      stream.current,
      type ? { mimeType: type } : {},
    );
    media.ondataavailable = (event) =>
      event.data.size && chunks.push(event.data);
    media.onstop = () => {
      setRecording(new Blob(chunks, { type: media.mimeType.split(';')[0] }));
      setPhase('recorded');
    };
    recorder.current = media;
    setSeconds(0);
    setRecording(null);
    media.start(1000);
    setPhase('recording');
  };

  return {
    /** Attach to the live preview's <video>. */
    preview,
    supported,
    cameraFailed,
    cameraReady,
    phase,
    seconds,
    recording,
    playback,
    start,
    stop: () => recorder.current?.stop(),
  };
}
