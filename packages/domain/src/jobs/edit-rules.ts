/**
 * What may still change in an interview once people answer it and reviewers rate it
 * (docs/decisions/138-what-may-change-once-people-are-invited.md). The server refuses the
 * rest with 409 and these messages; the UI locks the same controls and says why.
 */

/** What has happened to an interview, from GET /api/jobs/{id}/edit-facts. */
export type JobEditFacts = {
  /** Interviewees who have sent, or started sending, at least one answer. */
  answered: number;
  /** Interviewees someone has rated (overall, per answer or in the matrix). */
  rated: number;
};

export type JobEditLocks = {
  /** No question may be added, removed or reordered. */
  questionList: boolean;
  /** Each question's thinking time and time limit stay as they are. */
  questionTiming: boolean;
  /** Each question's competency and review competency stay as they are. */
  questionCompetencies: boolean;
  /** The interview language and the number of retakes stay as they are. */
  answering: boolean;
  /** The rating style, scale and lowest rating stay as they are. */
  ratingSetup: boolean;
};

export const EDIT_REFUSALS = {
  questionList:
    'Someone has already answered this interview, so questions can no longer be added, removed or reordered. You can still correct their wording.',
  questionTiming:
    'Someone has already answered this interview, so thinking times and time limits can no longer change.',
  questionCompetencies:
    'Answers to this interview have been rated, so the competencies of its questions can no longer change.',
  language:
    'Someone has already answered this interview, so its language can no longer change.',
  retakes:
    'Someone has already answered this interview, so the number of retakes can no longer change.',
  ratingSetup:
    'Answers to this interview have been rated, so its rating style and scale can no longer change.',
  answerForm:
    'Someone has already answered this interview, so how its questions are answered (the answer type, character limit and options) can no longer change. You can still correct the wording of the question and its options.',
} as const;

/**
 * Answering fixes what interviewees meet (the questions, their order and timing, the language,
 * the retakes), so everyone answers the same interview. Rating fixes how ratings are read (the
 * style, the scale, the competencies rated). Wording, media, details and deadlines stay open.
 */
export function jobEditLocks(facts: JobEditFacts): JobEditLocks {
  const answered = facts.answered > 0;
  const rated = facts.rated > 0;
  return {
    questionList: answered,
    questionTiming: answered,
    questionCompetencies: rated,
    answering: answered,
    ratingSetup: rated,
  };
}

export type EditConflict = { field: string; message: string };

/** Adding, removing or reordering questions; null when allowed. */
export function questionListConflict(facts: JobEditFacts): string | null {
  return jobEditLocks(facts).questionList ? EDIT_REFUSALS.questionList : null;
}

type QuestionLockedValues = {
  thinking_time: number;
  time_limit: number;
  competency: number;
  review_competency: number | null;
  answer_type: string;
  max_characters: number | null;
  multiple: boolean;
  /** A choice question's options as stored (ids assigned). */
  options: readonly { id: number; knockout: boolean }[];
};

/** The options' ids and knockout marks in order: what answers are read against. */
const optionShape = (options: QuestionLockedValues['options']) =>
  options.map((option) => `${option.id}:${option.knockout}`).join(',');

/** The first locked value a question edit changes, with why; null when the edit is allowed. */
export function questionEditConflict(
  before: QuestionLockedValues,
  after: QuestionLockedValues,
  facts: JobEditFacts,
): EditConflict | null {
  const locks = jobEditLocks(facts);
  const checks: [keyof QuestionLockedValues, boolean, string][] = [
    ['thinking_time', locks.questionTiming, EDIT_REFUSALS.questionTiming],
    ['time_limit', locks.questionTiming, EDIT_REFUSALS.questionTiming],
    [
      'competency',
      locks.questionCompetencies,
      EDIT_REFUSALS.questionCompetencies,
    ],
    [
      'review_competency',
      locks.questionCompetencies,
      EDIT_REFUSALS.questionCompetencies,
    ],
  ];
  for (const [field, locked, message] of checks) {
    if (locked && before[field] !== after[field]) return { field, message };
  }
  if (!locks.questionTiming) return null;
  for (const field of ['answer_type', 'max_characters', 'multiple'] as const) {
    if (before[field] !== after[field])
      return { field, message: EDIT_REFUSALS.answerForm };
  }
  if (optionShape(before.options) !== optionShape(after.options))
    return { field: 'options', message: EDIT_REFUSALS.answerForm };
  return null;
}

type JobLockedValues = {
  language: string;
  max_retakes: number;
  rating_style: number;
  rating_scale: number;
  rating_min: number;
};

/**
 * The first locked detail an update changes, with why; null when allowed. A value sent
 * unchanged is fine: the details form sends every field.
 */
export function jobUpdateConflict(
  job: JobLockedValues,
  update: Partial<JobLockedValues>,
  facts: JobEditFacts,
): EditConflict | null {
  const locks = jobEditLocks(facts);
  const checks: [keyof JobLockedValues, boolean, string][] = [
    ['language', locks.answering, EDIT_REFUSALS.language],
    ['max_retakes', locks.answering, EDIT_REFUSALS.retakes],
    ['rating_style', locks.ratingSetup, EDIT_REFUSALS.ratingSetup],
    ['rating_scale', locks.ratingSetup, EDIT_REFUSALS.ratingSetup],
    ['rating_min', locks.ratingSetup, EDIT_REFUSALS.ratingSetup],
  ];
  for (const [field, locked, message] of checks) {
    const value = update[field];
    if (locked && value !== undefined && value !== job[field])
      return { field, message };
  }
  return null;
}
