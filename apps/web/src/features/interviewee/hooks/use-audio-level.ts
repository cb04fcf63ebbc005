import { useEffect, useState } from 'react';

/**
 * The microphone's loudness (0 to 1), measured with Web Audio, for the level meter, and
 * whether any sound was heard since the stream started.
 */
export function useAudioLevel(stream: MediaStream | null): {
  level: number;
  heard: boolean;
} {
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const measure = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) {
        const centred = (sample - 128) / 128;
        sum += centred * centred;
      }
      // RMS scaled up: speech sits around 0.05–0.2 RMS.
      const next = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      setLevel(next);
      if (next > 0.05) setHeard(true);
      frame = requestAnimationFrame(measure);
    };
    void context.resume();
    frame = requestAnimationFrame(measure);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [stream]);
  return { level, heard };
}
