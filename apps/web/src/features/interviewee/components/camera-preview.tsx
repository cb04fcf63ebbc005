import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * The live camera picture, mirrored like a mirror so moving feels natural. Its frame takes the
 * camera's own shape (a phone's front camera held upright is portrait), no taller than 60 % of
 * the screen, so what is seen is what is recorded and the buttons stay in reach.
 */
export function CameraPreview({
  stream,
  children,
  className,
}: {
  stream: MediaStream | null;
  children?: ReactNode;
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [ratio, setRatio] = useState(4 / 3);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream)
      video.current.srcObject = stream;
  }, [stream]);
  const measure = () => {
    const element = video.current;
    if (element?.videoWidth && element.videoHeight)
      setRatio(element.videoWidth / element.videoHeight);
  };
  return (
    <div
      className={cn(
        'relative mx-auto overflow-hidden rounded-xl bg-slate-900',
        className,
      )}
      style={{
        aspectRatio: String(ratio),
        width: `min(100%, calc(60dvh * ${ratio.toFixed(4)}))`,
      }}
      data-testid="camera-frame"
    >
      <video
        ref={video}
        onLoadedMetadata={measure}
        onResize={measure}
        autoPlay
        muted
        playsInline
        aria-hidden
        className="size-full -scale-x-100 object-cover"
        data-testid="camera-preview"
      />
      {children}
    </div>
  );
}

/** A bar that follows the microphone's loudness. */
export function LevelMeter({ level, label }: { level: number; label: string }) {
  const percent = Math.round(level * 100);
  return (
    <div className="flex items-center gap-3">
      <span className="w-28 shrink-0 text-sm text-slate-700">{label}</span>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-75',
            level > 0.05 ? 'bg-emerald-500' : 'bg-slate-400',
          )}
          style={{ width: `${Math.max(2, percent)}%` }}
        />
      </div>
    </div>
  );
}
