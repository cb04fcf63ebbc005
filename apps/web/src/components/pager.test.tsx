import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { Pager } from './pager';

afterEach(cleanup);

describe('Pager', () => {
  it('labels Previous, Next and each Page, and marks the current one', () => {
    render(<Pager page={10} totalPages={20} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Next/ })).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'Page 10' })
        .getAttribute('aria-current'),
    ).toBe('page');
    const pages = screen
      .getAllByRole('button', { name: /^Page / })
      .map((button) => button.textContent);
    expect(pages).toEqual(['1', '2', '3', '9', '10', '11', '18', '19', '20']);
  });

  it('asks for the page chosen, and disables Previous on the first page', () => {
    const onPageChange = vi.fn();
    render(<Pager page={1} totalPages={5} onPageChange={onPageChange} />);
    expect(
      (screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPageChange.mock.calls).toEqual([[4], [2]]);
  });

  it('is not shown for a single page', () => {
    const { container } = render(
      <Pager page={1} totalPages={1} onPageChange={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
