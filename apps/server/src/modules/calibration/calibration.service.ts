import {
  isCountedRating,
  panelAgreement,
  RATING_STYLES,
  reviewerLeniency,
  reviewerRating,
  splitCandidates,
  type Calibration,
  type PanelRating,
} from '@candor/domain';
import type { Db } from '../../db/connection';
import {
  canSeeAllReviews,
  type JobAccess,
} from '../../platform/access/job-access';
import {
  listApplicantNames,
  listJobRatings,
  listPeopleNames,
  listQuestionTexts,
} from './calibration.repository';

const PANEL_ONLY =
  "The panel's agreement is shown to the company's users; you see your own line.";

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/**
 * The panel's consistency on one interview (issue 46): agreement, each reviewer's leniency and
 * the candidates it split on, from each reviewer's rating of each candidate (their overall one,
 * or the mean of their answers' ratings). A reviewer sees only their own line: the others' are
 * judgements of colleagues, and the agreement and splits are the panel's.
 */
export async function findCalibration(
  db: Db,
  access: JobAccess,
): Promise<Calibration> {
  const { job } = access;
  const { overall, perAnswer } = await listJobRatings(db, job.id);
  // One pass over each list: a panel's job can hold tens of thousands of ratings.
  const byPair = new Map<
    string,
    {
      application: number;
      reviewer: number;
      overall: number | null;
      answers: number[];
    }
  >();
  const pairOf = (row: { application_id: number; user_id: number }) => {
    const key = `${row.application_id}:${row.user_id}`;
    let pair = byPair.get(key);
    if (!pair) {
      pair = {
        application: row.application_id,
        reviewer: row.user_id,
        overall: null,
        answers: [],
      };
      byPair.set(key, pair);
    }
    return pair;
  };
  for (const row of overall) pairOf(row).overall = row.rating;
  for (const row of perAnswer) pairOf(row).answers.push(row.rating);
  const ratings: PanelRating[] = [];
  for (const {
    application,
    reviewer,
    overall: rated,
    answers,
  } of byPair.values()) {
    const rating = reviewerRating(rated, answers);
    if (rating !== null) ratings.push({ application, reviewer, rating });
  }

  const lines = reviewerLeniency(ratings, {
    min: Math.max(job.rating_min, 1),
    max: job.rating_scale,
  }).filter(
    (line) => access.kind === 'company' || line.reviewer === access.userId,
  );
  const names = new Map(
    (
      await listPeopleNames(
        db,
        lines.map((line) => line.reviewer),
      )
    ).map((person) => [person.id, fullName(person)]),
  );
  // An offset is measured against colleagues' ratings: a reviewer who may not see those
  // (their own reviews only, decision 129) gets their line without it.
  const seesOffsets = canSeeAllReviews(access);
  const reviewers = lines
    .map(({ reviewer, ...line }) => ({
      id: reviewer,
      name: names.get(reviewer) ?? '',
      ...line,
      ...(seesOffsets ? {} : { offset: null, flagged: false }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  if (access.kind !== 'company') {
    return {
      alpha: null,
      reason: PANEL_ONLY,
      candidates: 0,
      ratings: 0,
      reviewers,
      split: [],
      questions: [],
    };
  }

  const split = splitCandidates(ratings);
  const applicants = new Map(
    (
      await listApplicantNames(db, {
        jobId: job.id,
        applicationIds: split.map((item) => item.application),
      })
    ).map((person) => [person.id, fullName(person)]),
  );
  const questions =
    job.rating_style === RATING_STYLES.perQuestion
      ? (await listQuestionTexts(db, job.id)).map((question) => ({
          id: question.id,
          text: question.text,
          ...panelAgreement(
            perAnswer
              .filter(
                (row) =>
                  row.question_id === question.id &&
                  isCountedRating(row.rating),
              )
              .map((row) => ({
                application: row.application_id,
                reviewer: row.user_id,
                rating: row.rating,
              })),
          ),
        }))
      : [];
  return {
    ...panelAgreement(ratings),
    reviewers,
    split: split.map((item) => ({
      ...item,
      name: applicants.get(item.application) ?? '',
    })),
    questions,
  };
}
