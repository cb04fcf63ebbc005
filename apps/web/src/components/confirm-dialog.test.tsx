import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
} from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { confirm, ConfirmDialogHost } from './confirm-dialog';

afterEach(cleanup);

const question = {
  title: 'Delete video',
  description:
    'Are you sure you want to delete this video? Deleting is irreversible.',
  actionLabel: 'Delete',
};

async function ask() {
  render(<ConfirmDialogHost />);
  let answer!: Promise<boolean>;
  await act(async () => {
    answer = confirm(question);
  });
  // The dialog's code loads when first asked for (decision 184).
  expect(
    await screen.findByRole('dialog', { name: 'Delete video' }),
  ).toBeTruthy();
  expect(screen.getByText(question.description)).toBeTruthy();
  // Wrapped: an async function returning a promise would wait for the answer itself.
  return { answer };
}

describe('confirm()', () => {
  it('resolves true when the user agrees', async () => {
    const { answer } = await ask();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves false when the user declines', async () => {
    const { answer } = await ask();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on Escape', async () => {
    const { answer } = await ask();
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    await expect(answer).resolves.toBe(false);
  });
});
