/**
 * What apps/server/scripts/bench/speech.ts and e2e/bench/speech-load.ts pass each other (no
 * imports: both workspaces compile it).
 */
export type SpeechInput = {
  base: string;
  /** One application's shortcode per candidate, all of the same interview. */
  shortcodes: string[];
  questionCount: number;
  /** How long a candidate waits for a question's audio before pressing Start anyway. */
  waitForAudioMs: number;
};

export type SpeechReport = {
  /** Per candidate, per question in the order shown: null where its audio never played. */
  candidates: {
    text: string;
    showToPlayMs: number | null;
    /** Whether the recording started before the question's audio played (or never played). */
    recordedBeforeHeard: boolean;
  }[][];
};
