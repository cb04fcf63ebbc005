import {
  uploadButtonState,
  type UploadStatus,
  type Video,
} from '@candor/domain';
import { Circle, Square, Video as VideoIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraRecorder } from '../lib/videos/use-camera-recorder';
import { useUploadVideo } from '../lib/videos/upload-video';
import { Button } from './button';
import { FormError } from './form-field';
import { Modal } from './modal';

type RecordVideoProps = {
  /** The library the recording is uploaded into. */
  shortname: string;
  /** Called with the library video once its bytes are stored (it is processing then). */
  onSaved?: (video: Video) => void;
  /** The save button's text; 'Save to library' by default. */
  saveLabel?: string;
};

/** A button opening the camera recorder; the recording is uploaded into the video library. */
export function RecordVideoButton({
  label,
  size = 'md',
  onSaved,
  ...props
}: RecordVideoProps & { label?: ReactNode; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('recorder');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        <VideoIcon className="size-4" aria-hidden />
        {label ?? t('open')}
      </Button>
      {open && (
        <RecordVideoModal
          {...props}
          onSaved={(video) => {
            setOpen(false);
            onSaved?.(video);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Camera preview, record / stop / record again, playback, then upload with progress. */
export function RecordVideoModal({
  shortname,
  onSaved,
  onClose,
  saveLabel,
}: RecordVideoProps & { onClose: () => void }) {
  const { t } = useTranslation('recorder');
  const {
    preview,
    supported,
    cameraFailed,
    cameraReady,
    phase,
    seconds,
    recording,
    playback,
    start,
    stop,
  } = useCameraRecorder();
  const [status, setStatus] = useState<UploadStatus>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadVideo();
  const error = !supported
    ? t('unsupported')
    : cameraFailed
      ? t('noCamera')
      : null;

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
        onSuccess: (video) => {
          setStatus('complete');
          if (onSaved) onSaved(video);
          else onClose();
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
      title={t('title')}
      description={t('description')}
      size="lg"
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          {phase === 'recording' ? (
            <Button variant="danger" onClick={stop}>
              <Square className="size-4" aria-hidden />
              {t('stop')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={!!error || !cameraReady || state.disabled}
              onClick={start}
            >
              <Circle className="size-4 text-danger" aria-hidden />
              {phase === 'recorded' ? t('again') : t('start')}
            </Button>
          )}
          {phase === 'recorded' && (
            <Button disabled={state.disabled} onClick={save}>
              {status
                ? t(state.labelKey, { progress: state.progress })
                : (saveLabel ?? t('save'))}
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
            aria-label={t('preview')}
          />
          {phase === 'recorded' && playback && (
            <video
              className="aspect-[4/3] w-full"
              src={playback}
              controls
              playsInline
              aria-label={t('playback')}
            />
          )}
          {phase === 'recording' && (
            <span className="absolute top-3 left-3 flex items-center gap-2 rounded-full bg-red-600 px-3 py-1 text-xs font-medium text-white">
              <span
                className="size-2 animate-pulse rounded-full bg-white"
                aria-hidden
              />
              {t('recording', { time })}
            </span>
          )}
        </div>
      )}
    </Modal>
  );
}
