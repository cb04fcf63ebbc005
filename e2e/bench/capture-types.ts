/**
 * What apps/server/scripts/bench/capture.ts and e2e/bench/capture-load.ts pass each other
 * (no imports: both workspaces compile it).
 */
export type CaptureLink = {
  label: string;
  /** Bits per second, both ways. */
  bitsPerSecond: number;
  latencyMs: number;
};

export type CaptureRunInput = {
  name: string;
  link: CaptureLink;
  /** Seconds into the recording when the connection is cut. */
  cuts: number[];
  /** Fractions of the old path's expected upload time when its connection is cut. */
  oldCuts: number[];
  shortcode: string;
  jobId: number;
  applicationId: number;
  /** Signed PUT URLs for the old path, one per attempt. */
  puts: { url: string; headers: Record<string, string> }[];
};

export type CaptureInput = {
  base: string;
  /** Cookie header of a signed-in company user (the reviewer's view). */
  cookie: string;
  /** The fake camera's looping clip. */
  y4m: string;
  seconds: number;
  /** How long each cut lasts. */
  cutMs: number;
  runs: CaptureRunInput[];
};

export type CaptureRunReport = {
  name: string;
  link: CaptureLink;
  cuts: number;
  recordingBytes: number;
  /**
   * Bytes the server had acknowledged, or that were on their way, at the Stop button's press
   * (taken in the page, in the same instant as the press).
   */
  sentAtStopBytes: number;
  /** From the Stop button's press to the draft's 'Saved' (the take complete on the server). */
  stopToSavedMs: number;
  /** What the bytes unsent at Stop need at the link's rate. */
  unsentAtStopIdealMs: number;
  /** From the Submit button's press to the 200 of the complete call (the answer complete). */
  submitToCompleteMs: number;
  /**
   * Where Stop → Saved goes, in ms: until the recorder hands over its last slice (the encoder's
   * flush), until the request with it and the length is handed to the network (the page), that
   * request until its reply, and from the reply until the page shows 'Saved'.
   */
  stopParts: {
    recorder: number;
    page: number;
    request: number;
    reply: number;
  };
  /** Body bytes that went out (upload progress), failed requests included. */
  wireBytes: number;
  requests: number;
  /** From the answer's completion until the reviewer can play it, and until it is transcoded. */
  completeToPlayableMs: number | null;
  completeToReadyMs: number | null;
  old: {
    /** The single PUT of the same bytes, from its start (Stop, then) to stored. */
    stopToStoredMs: number;
    wireBytes: number;
    attempts: number;
  };
};
