/**
 * When a question's clock may run (decision 175). A spoken or video question counts down only
 * once the candidate can hear it: from the moment its media starts playing, or, where it
 * cannot load in time, from the moment the page says so and shows the text instead. The
 * answer's time limit runs only while recording, which the thinking time's end or the
 * candidate's Start begins.
 */
export type QuestionMediaState =
  /** Nothing to play: the text is the question. */
  | 'none'
  /** 'Loading the question…': nothing counts down. */
  | 'loading'
  /** The browser refused to start it by itself: waits for the candidate to press play. */
  | 'blocked'
  /** It has started playing. */
  | 'heard'
  /** It could not load (in time): the text stands in and the whole thinking time starts. */
  | 'unavailable';

export type QuestionMediaEvent =
  'playing' | 'play-refused' | 'failed' | 'timed-out';

/** How long the page waits for a question's audio or video before it shows the text instead. */
export const QUESTION_MEDIA_TIMEOUT_SECONDS = 30;

export const initialQuestionMedia = (hasMedia: boolean): QuestionMediaState =>
  hasMedia ? 'loading' : 'none';

export function questionMediaAfter(
  state: QuestionMediaState,
  event: QuestionMediaEvent,
): QuestionMediaState {
  if (state === 'none') return state;
  switch (event) {
    case 'playing':
      return 'heard';
    case 'play-refused':
      return state === 'loading' ? 'blocked' : state;
    case 'failed':
      return state === 'loading' || state === 'blocked' ? 'unavailable' : state;
    case 'timed-out':
      // A refused autoplay has loaded: the candidate's press decides, not the clock.
      return state === 'loading' ? 'unavailable' : state;
  }
}

/** Whether the thinking time may count down. */
export const isThinkingClockRunning = (state: QuestionMediaState): boolean =>
  state === 'none' || state === 'heard' || state === 'unavailable';
