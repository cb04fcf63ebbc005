/** What apps/server/scripts/bench/lighthouse.ts and e2e/bench/lighthouse-load.ts exchange. */
export type LighthousePage = {
  name: string;
  /** Path on the server, e.g. `/login`. */
  path: string;
  /** The static twin's path on the same server (absent while the twins are being captured). */
  floorPath?: string;
  /** The session cookie's value for a signed-in page. */
  sessionToken?: string;
};

export type LighthouseInput =
  | {
      mode: 'capture';
      base: string;
      pages: LighthousePage[];
      /** An invited, consented interviewee's shortcode: the flow to the first question. */
      recorderShortcode: string;
    }
  | {
      mode: 'measure';
      base: string;
      pages: LighthousePage[];
      runs: number;
      /** One shortcode per run: each run goes through the welcome to the first question. */
      recorderShortcodes: string[];
      recorderFloorPath: string;
    };

export type CaptureReport = {
  /** The rendered page of each LighthousePage (by name), without its scripts. */
  html: Record<string, string>;
  /** The first question's screen, rendered, without its scripts. */
  recorderHtml: string;
};

export type LighthouseRun = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
};

export type MeasureReport = {
  lighthouse: Record<string, { app: LighthouseRun[]; floor: LighthouseRun[] }>;
  recorder: {
    /** ms from the press of 'Skip practice' until the preview plays and Start is enabled. */
    readyMs: number[];
    /** The static twin of the question's screen loaded cold: largest contentful paint, ms. */
    floorLcpMs: number[];
  };
};
