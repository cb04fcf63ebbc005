import { describe, expect, it } from 'vitest';
import {
  describeMatrixShortfall,
  isCellUsedElsewhere,
  isMatrixComplete,
  matrixShortfall,
  planMatrixSubmission,
} from './matrix';

describe('matrix submission', () => {
  const existing = [
    { id: 10, question: 1, indicator: 0, level: 0 },
    { id: 11, question: null, indicator: 2, level: 1 },
  ];
  it('creates a review when none exists for the indicator', () => {
    expect(
      planMatrixSubmission(existing, { question: 1, indicator: 1, level: 0 }),
    ).toEqual({
      kind: 'create',
      cell: { question: 1, indicator: 1, level: 0 },
    });
    // The same indicator on another question is another review.
    expect(
      planMatrixSubmission(existing, { question: 2, indicator: 0, level: 0 })
        .kind,
    ).toBe('create');
  });
  it('removes the review when the same level is chosen again', () => {
    expect(
      planMatrixSubmission(existing, { question: 1, indicator: 0, level: 0 }),
    ).toEqual({ kind: 'remove', id: 10 });
    expect(
      planMatrixSubmission(existing, {
        question: null,
        indicator: 2,
        level: 1,
      }),
    ).toEqual({
      kind: 'remove',
      id: 11,
    });
  });
  it('replaces the review (delete then create) when another level is chosen', () => {
    expect(
      planMatrixSubmission(existing, { question: 1, indicator: 0, level: 1 }),
    ).toEqual({
      kind: 'replace',
      id: 10,
      cell: { question: 1, indicator: 0, level: 1 },
    });
  });
});

describe('cells used by another question', () => {
  const reviews = [
    { question: 1, indicator: 0, level: 0 },
    { question: null, indicator: 1, level: 0 },
  ];
  it('flags the same indicator and level chosen on another question', () => {
    expect(
      isCellUsedElsewhere(reviews, { question: 2, indicator: 0, level: 0 }),
    ).toBe(true);
  });
  it('does not flag the question itself, another level, or communication reviews', () => {
    expect(
      isCellUsedElsewhere(reviews, { question: 1, indicator: 0, level: 0 }),
    ).toBe(false);
    expect(
      isCellUsedElsewhere(reviews, { question: 2, indicator: 0, level: 1 }),
    ).toBe(false);
    expect(
      isCellUsedElsewhere(reviews, { question: 2, indicator: 1, level: 0 }),
    ).toBe(false);
  });
});

describe('matrix minimums', () => {
  const questions = [
    { id: 1, indicatorCount: 4 },
    { id: 2, indicatorCount: 2 },
  ];
  const cell = (question: number | null, indicator: number) => ({
    question,
    indicator,
    level: 0,
  });

  it('needs 3 indicators per question, fewer when fewer exist, and 3 communication reviews', () => {
    const shortfall = matrixShortfall({
      reviews: [cell(1, 0), cell(1, 1), cell(2, 0), cell(null, 0)],
      questions,
      communicationIndicatorCount: 4,
    });
    expect(shortfall).toEqual({
      questions: [
        { question: 1, required: 3, given: 2 },
        { question: 2, required: 2, given: 1 },
      ],
      communication: { required: 3, given: 1 },
    });
    expect(isMatrixComplete(shortfall)).toBe(false);
    expect(describeMatrixShortfall(shortfall, (id) => `Question ${id}`)).toBe(
      'The matrix review is not complete yet (Question 1: 2 of 3 indicators; Question 2: 1 of 2 indicators; communication: 1 of 3 reviews).',
    );
  });

  it('is complete once every minimum is met', () => {
    const shortfall = matrixShortfall({
      reviews: [
        cell(1, 0),
        cell(1, 1),
        cell(1, 3),
        cell(2, 0),
        cell(2, 1),
        cell(null, 0),
        cell(null, 1),
        cell(null, 2),
      ],
      questions,
      communicationIndicatorCount: 4,
    });
    expect(isMatrixComplete(shortfall)).toBe(true);
  });

  it('counts an indicator once whatever its level', () => {
    const shortfall = matrixShortfall({
      reviews: [
        cell(1, 0),
        { question: 1, indicator: 0, level: 1 },
        cell(1, 1),
      ],
      questions: [{ id: 1, indicatorCount: 4 }],
      communicationIndicatorCount: 0,
    });
    expect(shortfall.questions).toEqual([
      { question: 1, required: 3, given: 2 },
    ]);
    expect(shortfall.communication).toBeNull();
  });
});
