import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** The live camera picture, mirrored like a mirror so moving feels natural. */
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
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream)
      video.current.srcObject = stream;
  }, [stream]);
  return (
    <div
      className={cn(
        'relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-900',
        className,
      )}
    >
      <video
        ref={video}
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
