import {
  pickUploadFile,
  uploadButtonState,
  type UploadStatus,
} from '@candor/domain';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/button';
import { toast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { useUploadVideo } from '../../../lib/videos/upload-video';

/**
 * The upload button (spec section 4): Upload, 'Uploading... n%' with progress, Uploaded or
 * Failed; disabled while uploading; video files only, and only the first selected file.
 */
export function UploadButton({ shortname }: { shortname: string }) {
  const { t } = useTranslation('videos');
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<UploadStatus>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadVideo();
  const state = uploadButtonState(status, progress);

  const start = (files: FileList | null) => {
    // Selecting a file resets the status.
    setStatus(null);
    setProgress(0);
    const file = pickUploadFile(files);
    if (input.current) input.current.value = '';
    if (!file) {
      if (files?.length) toast.error(t('upload.notVideo'));
      return;
    }
    setStatus('uploading');
    upload.mutate(
      { shortname, file, filename: file.name, onProgress: setProgress },
      {
        onSuccess: () => setStatus('complete'),
        onError: (error) => {
          console.error('Video upload failed for this reason', error);
          setStatus('failed');
        },
      },
    );
  };

  return (
    <div className="flex flex-col items-stretch gap-1">
      <label
        className={cn(
          buttonClasses('primary', 'md'),
          'relative cursor-pointer overflow-hidden focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
          state.disabled && 'pointer-events-none opacity-80',
          status === 'failed' && 'bg-danger hover:bg-red-800',
        )}
        title={t('upload.choose')}
      >
        {status === 'uploading' && (
          <span
            className="absolute inset-y-0 left-0 bg-brand-900/60 transition-[width]"
            style={{ width: `${state.progress}%` }}
            aria-hidden
          />
        )}
        <Upload className="relative size-4" aria-hidden />
        <span className="relative" aria-live="polite">
          {t(state.labelKey, { progress: state.progress })}
        </span>
        <input
          ref={input}
          type="file"
          accept="video/*"
          className="sr-only"
          aria-label={t('upload.choose')}
          disabled={state.disabled}
          onChange={(event) => start(event.target.files)}
        />
      </label>
      {status === 'uploading' && (
        <progress
          className="sr-only"
          max={100}
          value={state.progress}
          aria-label={t('upload.choose')}
        />
      )}
    </div>
  );
}
