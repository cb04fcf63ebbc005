import type sanitizeHtml from 'sanitize-html';
import { describe, expect, it, vi } from 'vitest';

vi.mock('sanitize-html', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof sanitizeHtml }>();
  return { default: vi.fn(actual.default) };
});

describe('sanitizeEmailBody', () => {
  it('sanitises a template once for a whole batch of e-mails, and each new text afresh', async () => {
    // The API tests share modules between files (vitest.config.ts): load sanitize-body afresh,
    // over the mocked sanitize-html.
    vi.resetModules();
    const { sanitizeEmailBody } = await import('./sanitize-body');
    const sanitizeHtml = (await import('sanitize-html')).default;
    const template = '<p>Dear [FIRST NAME],</p><script>alert(1)</script>';
    vi.mocked(sanitizeHtml).mockClear();
    const bodies = Array.from({ length: 1000 }, () =>
      sanitizeEmailBody(template),
    );
    expect(new Set(bodies)).toEqual(new Set(['<p>Dear [FIRST NAME],</p>']));
    expect(sanitizeHtml).toHaveBeenCalledTimes(1);

    expect(sanitizeEmailBody('Line one\nline two')).toBe(
      '<p>Line one<br />line two</p>',
    );
    expect(sanitizeEmailBody(template)).toBe('<p>Dear [FIRST NAME],</p>');
    expect(sanitizeHtml).toHaveBeenCalledTimes(3);
  });
});
