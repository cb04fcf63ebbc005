import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLocale } from '../../../i18n';
import type { AnswerItem } from '../hooks/use-answer-takes';
import { UploadPanel } from './upload-panel';

afterEach(async () => {
  cleanup();
  await applyLocale('en-gb');
});

const items: AnswerItem[] = [
  {
    takeId: 'a',
    questionId: 11,
    position: 1,
    state: { kind: 'saved' },
    waiting: false,
  },
  {
    takeId: 'b',
    questionId: 12,
    position: 2,
    state: { kind: 'uploading', percent: 40 },
    waiting: false,
  },
  {
    takeId: 'c',
    questionId: 13,
    position: 3,
    state: { kind: 'device' },
    waiting: true,
  },
  {
    takeId: 'd',
    questionId: 14,
    position: 4,
    state: { kind: 'failed', message: 'This answer is too long.' },
    waiting: false,
  },
];

const row = (questionId: number) => screen.getByTestId(`upload-${questionId}`);

describe('UploadPanel', () => {
  it('says where each answer is', () => {
    render(<UploadPanel items={items} onRetry={() => undefined} />);
    expect(row(11).textContent).toBe('Answer 1Saved');
    expect(row(12).textContent).toBe('Answer 2Uploading 40%');
    expect(
      screen
        .getByRole('progressbar', { name: 'Answer 2' })
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(row(13).textContent).toBe('Answer 3Saved on this device');
    expect(row(14).textContent).toContain('This answer is too long.');
    // What 'Saved on this device' means, once.
    expect(
      screen.getByText(/sent as soon as you are back online/),
    ).toBeTruthy();
  });

  it("announces each answer's state without its percentage", () => {
    render(<UploadPanel items={items.slice(0, 2)} onRetry={() => undefined} />);
    expect(
      screen
        .getByRole('region', { name: 'Your answers' })
        .querySelector('[aria-live="polite"]')?.textContent,
    ).toBe('Answer 1: Saved. Answer 2: Uploading.');
  });

  it('offers to try a refused answer again', () => {
    const onRetry = vi.fn();
    render(<UploadPanel items={items} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith('d');
  });

  it('speaks French', async () => {
    await applyLocale('fr-fr');
    render(<UploadPanel items={items} onRetry={() => undefined} />);
    expect(row(11).textContent).toBe('Réponse 1Enregistrée');
    expect(row(12).textContent).toBe('Réponse 2Envoi 40 %');
    expect(row(13).textContent).toBe('Réponse 3Enregistrée sur cet appareil');
  });
});
