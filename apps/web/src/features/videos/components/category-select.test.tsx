import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
} from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { CategorySelect } from './category-select';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const categories = ['Welcome', 'Culture', 'Wellbeing'];

function Field({
  onSubmit,
  error,
}: {
  onSubmit: (category: string) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  return (
    <CategorySelect
      value={text}
      onChange={setText}
      categories={categories}
      onSubmit={onSubmit}
      error={error}
    />
  );
}

function setup(onSubmit = vi.fn(), error?: string) {
  render(<Field onSubmit={onSubmit} error={error} />);
  return { box: screen.getByRole('combobox'), onSubmit };
}

const options = () =>
  screen.queryAllByRole('option').map((option) => option.textContent);

describe('category selector (spec section 5)', () => {
  it("offers every category until more than one character is typed, with the 'Select category' placeholder", () => {
    const { box } = setup();
    expect(box).toHaveProperty('placeholder', 'Select category');
    fireEvent.focus(box);
    expect(options()).toEqual(categories);
    fireEvent.change(box, { target: { value: 'w' } });
    expect(options()).toEqual(categories);
    fireEvent.change(box, { target: { value: 'we' } });
    expect(options()).toEqual(['Welcome', 'Wellbeing']);
  });

  it('submits the typed category with Enter', () => {
    const { box, onSubmit } = setup();
    fireEvent.change(box, { target: { value: 'Brand new ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledWith('Brand new');
  });

  it('submits a clicked option', () => {
    const { box, onSubmit } = setup();
    fireEvent.focus(box);
    fireEvent.click(screen.getByRole('option', { name: 'Culture' }));
    expect(onSubmit).toHaveBeenCalledWith('Culture');
  });

  it('shows an error under the box and marks it invalid', () => {
    const { box } = setup(vi.fn(), 'Too long');
    expect(screen.getByRole('alert').textContent).toBe('Too long');
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('closes 100 ms after the box loses focus', () => {
    vi.useFakeTimers();
    const { box } = setup();
    fireEvent.focus(box);
    fireEvent.blur(box);
    act(() => vi.advanceTimersByTime(99));
    expect(options()).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1));
    expect(options()).toHaveLength(0);
  });
});
