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
  /** Bytes the server had acknowledged, or that were on their way, when Stop was pressed. */
  sentAtStopBytes: number;
  stopToSavedMs: number;
  /** What the bytes unsent at Stop need at the link's rate. */
  unsentAtStopIdealMs: number;
  /** Body bytes that went out (upload progress), failed requests included. */
  wireBytes: number;
  requests: number;
  savedToPlayableMs: number | null;
  savedToReadyMs: number | null;
  old: {
    /** The single PUT of the same bytes, from its start (Stop, then) to stored. */
    stopToStoredMs: number;
    wireBytes: number;
    attempts: number;
  };
};
