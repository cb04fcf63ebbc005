import { describe, expect, it } from 'vitest';
import { isStopReply } from './stop-reply';

describe('isStopReply', () => {
  it.each([
    'STOP',
    'stop',
    ' Stop \n',
    'STOPALL',
    'unsubscribe',
    'Cancel',
    'END',
    'quit',
    'ARRET',
    'Arrêt',
    'arrêt.',
    'STOP!',
  ])('%j stops texts', (text) => {
    expect(isStopReply(text)).toBe(true);
  });

  it.each(['', 'yes', 'please stop', 'STOP IT', 'stopped', 'START'])(
    '%j does not',
    (text) => {
      expect(isStopReply(text)).toBe(false);
    },
  );
});
