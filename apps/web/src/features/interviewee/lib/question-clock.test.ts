import { describe, expect, it } from 'vitest';
import {
  initialQuestionMedia,
  isThinkingClockRunning,
  questionMediaAfter,
  type QuestionMediaEvent,
  type QuestionMediaState,
} from './question-clock';

const after = (state: QuestionMediaState, ...events: QuestionMediaEvent[]) =>
  events.reduce(questionMediaAfter, state);

describe('the question clock', () => {
  it('runs at once for a question with nothing to play, whatever happens', () => {
    expect(initialQuestionMedia(false)).toBe('none');
    expect(after('none', 'failed', 'timed-out', 'play-refused')).toBe('none');
    expect(isThinkingClockRunning('none')).toBe(true);
  });

  it('waits while a spoken or video question loads', () => {
    expect(initialQuestionMedia(true)).toBe('loading');
    expect(isThinkingClockRunning('loading')).toBe(false);
  });

  it('starts when the question starts playing', () => {
    expect(after('loading', 'playing')).toBe('heard');
    expect(isThinkingClockRunning('heard')).toBe(true);
  });

  it('waits for the candidate when the browser refuses to play by itself, however long', () => {
    const blocked = after('loading', 'play-refused', 'timed-out');
    expect(blocked).toBe('blocked');
    expect(isThinkingClockRunning(blocked)).toBe(false);
    expect(after(blocked, 'playing')).toBe('heard');
  });

  it('gives the whole thinking time from the moment the media cannot load', () => {
    expect(after('loading', 'timed-out')).toBe('unavailable');
    expect(after('loading', 'failed')).toBe('unavailable');
    expect(after('loading', 'play-refused', 'failed')).toBe('unavailable');
    expect(isThinkingClockRunning('unavailable')).toBe(true);
  });

  it('keeps running once heard: a later error or timer changes nothing', () => {
    expect(after('loading', 'playing', 'failed', 'timed-out')).toBe('heard');
  });

  it('keeps the clock running when late media plays after the text stood in', () => {
    const late = after('loading', 'timed-out', 'playing');
    expect(isThinkingClockRunning(late)).toBe(true);
  });
});
