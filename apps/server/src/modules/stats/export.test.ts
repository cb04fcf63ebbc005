import { describe, expect, it } from 'vitest';
import { inPieces } from './export';

describe('CSV lines in pieces', () => {
  it('gives the same text in few pieces, none short but the last', () => {
    const lines = Array.from({ length: 1000 }, (_, n) => `line ${n},x\r\n`);
    const pieces = [...inPieces(lines, 1024)];
    expect(pieces.join('')).toBe(lines.join(''));
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.length).toBeLessThan(lines.length / 10);
    for (const piece of pieces.slice(0, -1))
      expect(piece.length).toBeGreaterThanOrEqual(1024);
  });

  it('gives nothing for nothing', () => {
    expect([...inPieces([])]).toEqual([]);
  });
});
