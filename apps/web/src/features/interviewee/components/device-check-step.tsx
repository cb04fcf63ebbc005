import { CameraOff, CheckCircle2, Mic, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useAudioLevel } from '../hooks/use-audio-level';
import type { CameraState } from '../hooks/use-camera';
import { CameraPreview, LevelMeter } from './camera-preview';

/**
 * Camera and microphone permission, a live preview and a level meter; when something is
 * wrong, what to do about it in plain words.
 */
export function DeviceCheckStep({
  camera,
  onRetry,
  onContinue,
}: {
  camera: CameraState;
  onRetry: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation('interviewee');
  const stream = camera.status === 'ready' ? camera.stream : null;
  const { level, heard } = useAudioLevel(stream);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-10">
      <CameraPreview stream={stream}>
        {camera.status !== 'ready' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
            {camera.status === 'failed' ? (
              <CameraOff className="size-10" aria-hidden />
            ) : (
              <Spinner size="lg" label={t('device.asking')} />
            )}
          </div>
        )}
      </CameraPreview>
      <section className="space-y-5">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-ink">
            {t('device.title')}
          </h1>
          <p className="mt-2 text-base text-slate-600">{t('device.intro')}</p>
        </div>
        {camera.status === 'failed' ? (
          <div
            role="alert"
            className="space-y-3 rounded-lg border border-red-200 bg-danger-soft p-4 text-sm text-red-900"
          >
            <p className="font-semibold">
              {t(`device.problem.${camera.problem}.title`)}
            </p>
            <p>{t(`device.problem.${camera.problem}.help`)}</p>
            <Button variant="secondary" onClick={onRetry}>
              <RefreshCw className="size-4" aria-hidden />{' '}
              {t('device.tryAgain')}
            </Button>
          </div>
        ) : (
          <div className="space-y-4 rounded-lg border border-border bg-surface p-4">
            <p className="flex items-center gap-2 text-sm text-slate-700">
              {stream ? (
                <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />
              ) : (
                <Spinner size="sm" label="" />
              )}
              {stream ? t('device.cameraOk') : t('device.asking')}
            </p>
            <LevelMeter level={level} label={t('device.microphone')} />
            <p
              className="flex items-center gap-2 text-sm text-slate-600"
              aria-live="polite"
            >
              <Mic className="size-4" aria-hidden />
              {heard ? t('device.micOk') : t('device.speak')}
            </p>
          </div>
        )}
        <Button
          size="lg"
          className="w-full"
          disabled={!stream}
          onClick={onContinue}
        >
          {t('device.continue')}
        </Button>
      </section>
    </div>
  );
}
