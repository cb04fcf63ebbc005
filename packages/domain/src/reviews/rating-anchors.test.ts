import { describe, expect, it } from 'vitest';
import { defaultRatingAnchors } from './rating-anchors';

describe('default rating anchors', () => {
  it('gives each point of a 1–5 scale its own anchor, lowest to highest', () => {
    const anchors = defaultRatingAnchors({ scale: 5, language: 'en-gb' });
    expect(anchors.map((anchor) => anchor.level)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(anchors.map((anchor) => anchor.text)).size).toBe(5);
    expect(anchors[0]?.text).toMatch(/^Does not answer/);
    expect(anchors[4]?.text).toMatch(/^An outstanding/);
  });

  it("is in the interview's language, English for any other", () => {
    expect(defaultRatingAnchors({ scale: 5, language: 'fr-fr' })[0]?.text).toBe(
      'Ne répond pas à la question ou ne donne aucun exemple pertinent.',
    );
    expect(defaultRatingAnchors({ scale: 3, language: 'de-de' })).toEqual(
      defaultRatingAnchors({ scale: 3, language: 'en-gb' }),
    );
  });

  it('maps other scales onto the five bands by place: ends to the ends', () => {
    const three = defaultRatingAnchors({ scale: 3, language: 'en-gb' });
    const five = defaultRatingAnchors({ scale: 5, language: 'en-gb' });
    expect(three.map((anchor) => anchor.text)).toEqual([
      five[0]?.text,
      five[2]?.text,
      five[4]?.text,
    ]);
    const ten = defaultRatingAnchors({ scale: 10, language: 'en-gb' });
    expect(ten).toHaveLength(10);
    expect(ten[0]?.text).toBe(five[0]?.text);
    expect(ten[9]?.text).toBe(five[4]?.text);
    // Every text fits the 200 characters an anchor may have.
    for (const anchor of [
      ...ten,
      ...defaultRatingAnchors({ scale: 4, language: 'fr-fr' }),
    ])
      expect(anchor.text.length).toBeLessThanOrEqual(200);
  });
});
