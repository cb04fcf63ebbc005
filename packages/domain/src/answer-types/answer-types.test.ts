import { describe, expect, it } from 'vitest';
import { interviewSeconds } from '../jobs/interview-duration';
import { questionInputSchema } from '../schemas/questions';
import {
  assignOptionIds,
  choiceResponseError,
  chosenOptions,
  knockoutQuestionIds,
  OPTION_PROBLEMS,
  optionsProblem,
  textResponseError,
} from './answer-types';

const yes = { id: 1, text: 'Yes', knockout: false };
const no = { id: 2, text: 'No', knockout: true };
const yesNo = [yes, no];

describe('a question’s answer type (decision 192)', () => {
  it('checks a choice question’s options: two to twenty, each once', () => {
    const choice = (texts: string[]) => ({
      answer_type: 'choice' as const,
      options: texts.map((text) => ({ text })),
    });
    expect(optionsProblem(choice(['Yes', 'No']))).toBeNull();
    expect(optionsProblem(choice(['Yes']))).toBe(OPTION_PROBLEMS.count);
    expect(
      optionsProblem(choice(Array.from({ length: 21 }, (_, i) => `${i}`))),
    ).toBe(OPTION_PROBLEMS.count);
    expect(optionsProblem(choice(['Yes', ' yes']))).toBe(
      OPTION_PROBLEMS.repeated,
    );
    expect(
      optionsProblem({
        answer_type: 'choice',
        options: [
          { id: 1, text: 'A' },
          { id: 1, text: 'B' },
        ],
      }),
    ).toBe(OPTION_PROBLEMS.repeated);
    expect(
      optionsProblem({ answer_type: 'text', options: [{ text: 'A' }] }),
    ).toBe(OPTION_PROBLEMS.notChoice);
  });

  it('keeps the ids answers name, numbers new options on, and refuses a foreign id', () => {
    expect(
      assignOptionIds(yesNo, [
        { id: 2, text: 'No', knockout: true },
        { text: 'Soon', knockout: true },
        { id: 1, text: 'Yes, indeed', knockout: false },
      ]),
    ).toEqual([
      { id: 2, text: 'No', knockout: true },
      { id: 3, text: 'Soon', knockout: true },
      { id: 1, text: 'Yes, indeed', knockout: false },
    ]);
    expect(
      assignOptionIds(yesNo, [{ id: 7, text: 'X', knockout: false }]),
    ).toEqual({ unknownId: 7 });
  });

  it('gives each type its timing: a recording its limit, typed text an optional one, a choice none', () => {
    const parse = (body: object) =>
      questionInputSchema.parse({ text: 'Q', ...body });
    expect(parse({})).toMatchObject({ answer_type: 'video', time_limit: 120 });
    expect(parse({ answer_type: 'text', thinking_time: 30 })).toMatchObject({
      time_limit: 0,
      thinking_time: 0,
    });
    expect(parse({ answer_type: 'text', time_limit: 300 }).time_limit).toBe(
      300,
    );
    expect(
      parse({ answer_type: 'choice', options: yesNo, time_limit: 60 }),
    ).toMatchObject({ time_limit: 0, multiple: false });
    expect(
      questionInputSchema.safeParse({
        text: 'Q',
        answer_type: 'choice',
        options: [{ text: 'Only' }],
      }).error?.issues[0],
    ).toMatchObject({ path: ['options'], message: OPTION_PROBLEMS.count });
    // What is saved reads back as a body the schema takes (the editor sends it again).
    for (const body of [
      { answer_type: 'text' },
      { answer_type: 'choice', options: yesNo },
      {},
    ])
      expect(questionInputSchema.safeParse(parse(body)).success).toBe(true);
    expect(
      questionInputSchema.safeParse({ text: 'Q', time_limit: 0 }).success,
    ).toBe(false);
  });

  it('counts untimed answers in the interview’s expected duration', () => {
    expect(
      interviewSeconds([
        { thinking_time: 30, time_limit: 60 },
        { thinking_time: 0, time_limit: 0, answer_type: 'text' },
        { thinking_time: 0, time_limit: 180, answer_type: 'text' },
        { thinking_time: 0, time_limit: 0, answer_type: 'choice' },
      ]),
    ).toBe(90 + 120 + 180 + 15);
  });
});

describe('a candidate’s typed or chosen answer', () => {
  it('refuses an empty or too long text', () => {
    expect(textResponseError({ max_characters: 5 }, 'Hello')).toBeNull();
    expect(textResponseError({ max_characters: 5 }, 'Hello!')).toContain(
      'at most 5',
    );
    expect(textResponseError({ max_characters: null }, '  ')).toBe(
      'Type your answer first.',
    );
  });

  it('refuses no choice, several on a single choice, repeats and foreign options', () => {
    const single = { options: yesNo, multiple: false };
    expect(choiceResponseError(single, [1])).toBeNull();
    expect(choiceResponseError(single, [])).toBe('Choose an answer first.');
    expect(choiceResponseError(single, [1, 2])).toBe('Choose one answer only.');
    expect(
      choiceResponseError({ ...single, multiple: true }, [1, 2]),
    ).toBeNull();
    expect(choiceResponseError({ ...single, multiple: true }, [1, 1])).toBe(
      'Choose each answer once.',
    );
    expect(choiceResponseError(single, [3])).toBe(
      'Choose among this question’s answers.',
    );
  });

  it('keeps the chosen options in the question’s order and finds knockout questions', () => {
    expect(chosenOptions(yesNo, [2, 1]).map((option) => option.id)).toEqual([
      1, 2,
    ]);
    expect(
      knockoutQuestionIds([
        { question_id: 4, choices: [yes] },
        { question_id: 5, choices: null },
        { question_id: 6, choices: [no] },
      ]),
    ).toEqual([6]);
  });
});
