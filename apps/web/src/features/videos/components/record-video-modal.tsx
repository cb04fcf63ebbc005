import { uploadButtonState, type UploadStatus } from '@candor/domain';
import { Circle, Square, Video as VideoIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useUploadVideo } from '../api/upload-video';

type Phase = 'idle' | 'recording' | 'recorded';

function preferredType(): string {
  const types = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  return types.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

/** Records a video with the camera (MediaRecorder) and uploads it into the library. */
export function RecordVideoButton({ shortname }: { shortname: string }) {
  const { t } = useTranslation('videos');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <VideoIcon className="size-4" aria-hidden />
        {t('record.open')}
      </Button>
      {open && (
        <RecordVideoModal
          shortname={shortname}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function RecordVideoModal({
  shortname,
  onClose,
}: {
  shortname: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('videos');
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [cameraReady, setCameraReady] = useState(false);
  const supported =
    typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices;
  const error = supported ? cameraError : t('record.unsupported');
  const [recording, setRecording] = useState<Blob | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [status, setStatus] = useState<UploadStatus>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadVideo();
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
      .catch(() => setCameraError(t('record.noCamera')));
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((track) => track.stop());
    };
  }, [supported, t]);

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

  const save = () => {
    if (!recording) return;
    const extension = recording.type.includes('mp4') ? 'mp4' : 'webm';
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    setStatus('uploading');
    upload.mutate(
      {
        shortname,
        file: recording,
        filename: `Recording ${stamp}.${extension}`.replace(/:/g, '-'),
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          setStatus('complete');
          onClose();
        },
        onError: (failure) => {
          console.error('Video upload failed for this reason', failure);
          setStatus('failed');
        },
      },
    );
  };

  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const state = uploadButtonState(status, progress);
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('record.title')}
      description={t('record.description')}
      size="lg"
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          {phase === 'recording' ? (
            <Button variant="danger" onClick={() => recorder.current?.stop()}>
              <Square className="size-4" aria-hidden />
              {t('record.stop')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={!!error || !cameraReady || state.disabled}
              onClick={start}
            >
              <Circle className="size-4 text-danger" aria-hidden />
              {phase === 'recorded' ? t('record.again') : t('record.start')}
            </Button>
          )}
          {phase === 'recorded' && (
            <Button disabled={state.disabled} onClick={save}>
              {status
                ? t(state.labelKey, { progress: state.progress })
                : t('record.save')}
            </Button>
          )}
        </div>
      }
    >
      {error ? (
        <FormError>{error}</FormError>
      ) : (
        <div className="relative overflow-hidden rounded-lg bg-slate-900">
          <video
            ref={preview}
            className={
              phase === 'recorded'
                ? 'hidden'
                : 'aspect-[4/3] w-full object-cover'
            }
            autoPlay
            muted
            playsInline
            aria-label={t('record.preview')}
          />
          {phase === 'recorded' && playback && (
            <video
              className="aspect-[4/3] w-full"
              src={playback}
              controls
              playsInline
            />
          )}
          {phase === 'recording' && (
            <span className="absolute top-3 left-3 flex items-center gap-2 rounded-full bg-red-600 px-3 py-1 text-xs font-medium text-white">
              <span
                className="size-2 animate-pulse rounded-full bg-white"
                aria-hidden
              />
              {t('record.recording', { time })}
            </span>
          )}
        </div>
      )}
    </Modal>
  );
}
