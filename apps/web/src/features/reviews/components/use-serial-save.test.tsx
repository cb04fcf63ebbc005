import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSerialSave } from './use-serial-save';

type Rating = { answer: number; rating: number };
const answerKey = ({ answer }: Rating) => String(answer);

/** A save whose calls stay open until the test settles them, recording what was sent. */
function controlledSave(label: string, sent: string[]) {
  const open: Array<() => void> = [];
  const save = (value: Rating) => {
    sent.push(`${label}:${value.answer}=${value.rating}`);
    return new Promise<void>((resolve) => open.push(resolve));
  };
  const settleNext = async () => {
    await act(async () => {
      open.shift()?.();
      await Promise.resolve();
    });
  };
  return { save, settleNext };
}

describe('saving ratings one at a time', () => {
  it('sends only the latest waiting value for an answer', async () => {
    const sent: string[] = [];
    const { save, settleNext } = controlledSave('first', sent);
    const { result } = renderHook(() => useSerialSave(save, answerKey));
    act(() => {
      result.current({ answer: 1, rating: 5 });
      result.current({ answer: 1, rating: 3 });
      result.current({ answer: 1, rating: 4 });
    });
    await settleNext();
    await settleNext();
    expect(sent).toEqual(['first:1=5', 'first:1=4']);
  });

  it('keeps a rating for the next answer given while the previous one saves, and sends it with the newest save', async () => {
    const sent: string[] = [];
    const first = controlledSave('first', sent);
    const second = controlledSave('second', sent);
    const { result, rerender } = renderHook(
      ({ save }) => useSerialSave(save, answerKey),
      { initialProps: { save: first.save } },
    );
    act(() => result.current({ answer: 1, rating: 4 }));
    rerender({ save: second.save });
    act(() => result.current({ answer: 2, rating: 2 }));
    await first.settleNext();
    await second.settleNext();
    expect(sent).toEqual(['first:1=4', 'second:2=2']);
  });
});
