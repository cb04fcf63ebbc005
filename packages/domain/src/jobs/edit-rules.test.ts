import { describe, expect, it } from 'vitest';
import {
  EDIT_REFUSALS,
  jobEditLocks,
  jobUpdateConflict,
  questionEditConflict,
  questionListConflict,
} from './edit-rules';

const fresh = { answered: 0, rated: 0 };
const answered = { answered: 2, rated: 0 };
const rated = { answered: 2, rated: 1 };

describe('what may change once people answer and reviewers rate (decision 138)', () => {
  it.each([
    [fresh, false, false],
    [answered, true, false],
    [rated, true, true],
  ])('facts %j: answering locks %s, rating locks %s', (facts, a, r) => {
    expect(jobEditLocks(facts)).toEqual({
      questionList: a,
      questionTiming: a,
      answering: a,
      questionCompetencies: r,
      ratingSetup: r,
    });
  });

  it('refuses adding, removing and reordering questions once someone answered', () => {
    expect(questionListConflict(fresh)).toBeNull();
    expect(questionListConflict(answered)).toBe(EDIT_REFUSALS.questionList);
  });

  const question = {
    thinking_time: 30,
    time_limit: 120,
    competency: 2,
    review_competency: null,
    answer_type: 'choice',
    max_characters: null,
    multiple: false,
    options: [
      { id: 1, knockout: false },
      { id: 2, knockout: true },
    ],
  };
  it.each([
    [fresh, { answer_type: 'text' }, null],
    [answered, { answer_type: 'text' }, 'answer_type'],
    [answered, { multiple: true }, 'multiple'],
    [answered, { options: [{ id: 1, knockout: false }] }, 'options'],
    [
      answered,
      {
        options: [
          { id: 1, knockout: true },
          { id: 2, knockout: true },
        ],
      },
      'options',
    ],
    [fresh, { time_limit: 60 }, null],
    [answered, { time_limit: 60 }, 'time_limit'],
    [answered, { thinking_time: 0 }, 'thinking_time'],
    [answered, { competency: 3 }, null],
    [rated, { competency: 3 }, 'competency'],
    [rated, { review_competency: 4 }, 'review_competency'],
    [rated, {}, null],
  ])('facts %j, question edit %j: refused on %s', (facts, change, field) => {
    const conflict = questionEditConflict(
      question,
      { ...question, ...change },
      facts,
    );
    expect(conflict?.field ?? null).toBe(field);
  });

  const job = {
    language: 'en-gb',
    max_retakes: 2,
    rating_style: 1,
    rating_scale: 5,
    rating_min: 1,
  };
  it.each([
    [fresh, { language: 'fr-fr', rating_style: 0 }, null],
    [answered, { language: 'fr-fr' }, 'language'],
    [answered, { max_retakes: 0 }, 'max_retakes'],
    [answered, { rating_style: 0, rating_scale: 10 }, null],
    [rated, { rating_style: 0 }, 'rating_style'],
    [rated, { rating_scale: 10 }, 'rating_scale'],
    [rated, { rating_min: 0 }, 'rating_min'],
    // The details form sends every field: unchanged values pass.
    [rated, { ...job }, null],
  ])('facts %j, update %j: refused on %s', (facts, update, field) => {
    expect(jobUpdateConflict(job, update, facts)?.field ?? null).toBe(field);
  });

  it('says why in a sentence the UI shows', () => {
    expect(jobUpdateConflict(job, { rating_scale: 3 }, rated)).toEqual({
      field: 'rating_scale',
      message:
        'Answers to this interview have been rated, so its rating style and scale can no longer change.',
    });
  });
});
