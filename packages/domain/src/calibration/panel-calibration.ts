import { ordinalAlpha } from './krippendorff-alpha';

/** One reviewer's rating of one candidate (their overall one, or the mean of their answers'). */
export type PanelRating = {
  application: number;
  reviewer: number;
  rating: number;
};

/** Agreement is shown from this many candidates rated by two or more reviewers. */
export const CALIBRATION_MIN_CANDIDATES = 5;
/** A reviewer's offset is flagged from this many shared candidates on... */
export const LENIENCY_MIN_COUNT = 3;
/** ...when it is at least this share of the rating scale's range away from the panel. */
export const LENIENCY_FLAG_SHARE = 0.2;

export const NOT_ENOUGH_RATINGS = `Not enough ratings yet: agreement is shown once ${CALIBRATION_MIN_CANDIDATES} candidates have been rated by two or more reviewers.`;
export const NO_VARIATION =
  'Every rating so far is the same, so agreement cannot be measured yet.';

export type Agreement = {
  alpha: number | null;
  /** Why alpha is null. */
  reason: string | null;
  /** Candidates rated by two or more reviewers, and the ratings of those candidates. */
  candidates: number;
  ratings: number;
};

/** The panel's agreement over the candidates two or more reviewers rated. */
export function panelAgreement(ratings: readonly PanelRating[]): Agreement {
  const byCandidate = groupBy(ratings, (rating) => rating.application);
  const { alpha, units, values } = ordinalAlpha(
    [...byCandidate.values()].map((list) => list.map((item) => item.rating)),
  );
  const counts = { candidates: units, ratings: values };
  if (units < CALIBRATION_MIN_CANDIDATES)
    return { alpha: null, reason: NOT_ENOUGH_RATINGS, ...counts };
  if (alpha === null) return { alpha: null, reason: NO_VARIATION, ...counts };
  return { alpha: Math.round(alpha * 1000) / 1000, reason: null, ...counts };
}

/**
 * How to read an alpha, by Krippendorff's own rule of thumb: from 0.8 a panel's ratings can be
 * relied on, from 0.667 only for tentative conclusions, below that the panel should compare
 * notes before its ratings decide anything.
 */
export type AgreementLevel = 'strong' | 'tentative' | 'weak';
export function agreementLevel(alpha: number): AgreementLevel {
  if (alpha >= 0.8) return 'strong';
  if (alpha >= 0.667) return 'tentative';
  return 'weak';
}

export type ReviewerLeniency = {
  reviewer: number;
  /** Mean of (their rating − the mean of the others' on the same candidate); + is lenient. */
  offset: number | null;
  /** Candidates they shared with at least one other reviewer. */
  count: number;
  flagged: boolean;
};

/**
 * Each reviewer's leniency: on every candidate they rated together with others, how far
 * their rating sits from the mean of the others' ratings, averaged.
 */
export function reviewerLeniency(
  ratings: readonly PanelRating[],
  scale: { min: number; max: number },
): ReviewerLeniency[] {
  const offsets = new Map<number, number[]>();
  for (const list of groupBy(
    ratings,
    (rating) => rating.application,
  ).values()) {
    if (list.length < 2) continue;
    const sum = list.reduce((total, item) => total + item.rating, 0);
    for (const item of list) {
      const others = (sum - item.rating) / (list.length - 1);
      const own = offsets.get(item.reviewer);
      if (own) own.push(item.rating - others);
      else offsets.set(item.reviewer, [item.rating - others]);
    }
  }
  const reviewers = [...new Set(ratings.map((rating) => rating.reviewer))];
  const threshold = (scale.max - scale.min) * LENIENCY_FLAG_SHARE;
  return reviewers.map((reviewer) => {
    const list = offsets.get(reviewer) ?? [];
    if (list.length === 0)
      return { reviewer, offset: null, count: 0, flagged: false };
    const offset =
      Math.round(
        (list.reduce((total, value) => total + value, 0) / list.length) * 100,
      ) / 100;
    return {
      reviewer,
      offset,
      count: list.length,
      flagged:
        list.length >= LENIENCY_MIN_COUNT && Math.abs(offset) >= threshold,
    };
  });
}

/** The candidates the panel split on: the spread of their ratings, the largest first. */
export function splitCandidates(
  ratings: readonly PanelRating[],
): { application: number; spread: number }[] {
  return [...groupBy(ratings, (rating) => rating.application)]
    .filter(([, list]) => list.length >= 2)
    .map(([application, list]) => {
      const values = list.map((item) => item.rating);
      const spread = Math.max(...values) - Math.min(...values);
      return { application, spread: Math.round(spread * 100) / 100 };
    })
    .filter((item) => item.spread > 0)
    .sort((a, b) => b.spread - a.spread || a.application - b.application);
}

function groupBy<T>(items: readonly T[], key: (item: T) => number) {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
