import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
} from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { Drawer } from './drawer';
import { Modal } from './modal';

afterEach(cleanup);

function ModalHarness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Rating scale" size="lg">
        <p>Body</p>
      </Modal>
    </>
  );
}

function DrawerHarness() {
  const [open, setOpen] = useState(true);
  return (
    <Drawer open={open} onOpenChange={setOpen} title="Account">
      <a href="/account">My account</a>
    </Drawer>
  );
}

describe('Modal', () => {
  it('is an accessible dialog named by its title, at most 50rem wide', () => {
    render(<ModalHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Rating scale' });
    expect(dialog.className).toContain('max-w-[50rem]');
  });

  it('closes on Escape', async () => {
    render(<ModalHarness />);
    const dialog = screen.getByRole('dialog');
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its close button', async () => {
    render(<ModalHarness />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Drawer', () => {
  it('closes on Escape', async () => {
    render(<DrawerHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Account' });
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
