import { z } from '../zod';

/**
 * How a question is answered (issue 41), beside how it is asked (`media`): a recorded video,
 * typed text, or a choice among the question's options (decision 192).
 */
export const ANSWER_TYPES = ['video', 'text', 'choice'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export const MAX_TEXT_ANSWER_CHARACTERS = 10_000;
export const MIN_CHOICE_OPTIONS = 2;
export const MAX_CHOICE_OPTIONS = 20;
export const MAX_OPTION_CHARACTERS = 200;

/** A choice question's option; `knockout` marks an answer that does not meet a requirement. */
export const choiceOptionSchema = z.object({
  id: z.number().int().min(1),
  text: z.string(),
  knockout: z.boolean(),
});
export type ChoiceOption = z.infer<typeof choiceOptionSchema>;

/** An option as the author sends it: a new one has no id yet. */
export const choiceOptionInputSchema = z.object({
  id: z.number().int().min(1).optional(),
  text: z
    .string()
    .trim()
    .min(1, 'Enter the option')
    .max(
      MAX_OPTION_CHARACTERS,
      `Use at most ${MAX_OPTION_CHARACTERS} characters`,
    ),
  knockout: z.boolean().default(false),
});
export type ChoiceOptionInput = z.infer<typeof choiceOptionInputSchema>;

/** The answer-type fields of a question's body, checked together. */
export type AnswerTypeFields = {
  answer_type: AnswerType;
  options: readonly { id?: number | undefined; text: string }[];
};

export const OPTION_PROBLEMS = {
  notChoice: 'Only a multiple-choice question has options',
  count: `Give between ${MIN_CHOICE_OPTIONS} and ${MAX_CHOICE_OPTIONS} options`,
  repeated: 'Each option can be listed once',
} as const;

/** What is wrong with a question's options for its answer type; null when nothing. */
export function optionsProblem(fields: AnswerTypeFields): string | null {
  if (fields.answer_type !== 'choice')
    return fields.options.length > 0 ? OPTION_PROBLEMS.notChoice : null;
  if (
    fields.options.length < MIN_CHOICE_OPTIONS ||
    fields.options.length > MAX_CHOICE_OPTIONS
  )
    return OPTION_PROBLEMS.count;
  const texts = fields.options.map((option) =>
    option.text.trim().toLocaleLowerCase(),
  );
  const ids = fields.options.flatMap((option) =>
    option.id === undefined ? [] : [option.id],
  );
  if (new Set(texts).size !== texts.length || new Set(ids).size !== ids.length)
    return OPTION_PROBLEMS.repeated;
  return null;
}

/**
 * The options as stored: an option sent with its id keeps it (answers already name it), a new
 * one takes the next free id. An id the question never had is refused.
 */
export function assignOptionIds(
  existing: readonly ChoiceOption[],
  input: readonly ChoiceOptionInput[],
): ChoiceOption[] | { unknownId: number } {
  const known = new Set(existing.map((option) => option.id));
  const unknown = input.find(
    (option) => option.id !== undefined && !known.has(option.id),
  );
  if (unknown?.id !== undefined) return { unknownId: unknown.id };
  let next = Math.max(0, ...existing.map((option) => option.id)) + 1;
  return input.map((option) => ({
    id: option.id ?? next++,
    text: option.text,
    knockout: option.knockout,
  }));
}

/** The candidate's typed answer: refused when empty or over the question's limit. */
export function textResponseError(
  question: { max_characters: number | null },
  text: string,
): string | null {
  if (text.trim().length === 0) return 'Type your answer first.';
  const limit = question.max_characters ?? MAX_TEXT_ANSWER_CHARACTERS;
  if (text.length > limit)
    return `Your answer is ${text.length} characters long: this question takes at most ${limit}.`;
  return null;
}

/** The candidate's choice: at least one option of this question, one only unless `multiple`. */
export function choiceResponseError(
  question: { options: readonly ChoiceOption[]; multiple: boolean },
  choices: readonly number[],
): string | null {
  if (choices.length === 0) return 'Choose an answer first.';
  if (new Set(choices).size !== choices.length)
    return 'Choose each answer once.';
  if (!question.multiple && choices.length > 1)
    return 'Choose one answer only.';
  const ids = new Set(question.options.map((option) => option.id));
  if (choices.some((id) => !ids.has(id)))
    return 'Choose among this question’s answers.';
  return null;
}

/** The options chosen, in the question's order, as kept with the answer. */
export function chosenOptions(
  options: readonly ChoiceOption[],
  choices: readonly number[],
): ChoiceOption[] {
  return options.filter((option) => choices.includes(option.id));
}

/** The questions whose chosen options include a knockout, in the order given. */
export function knockoutQuestionIds(
  answers: readonly {
    question_id: number;
    choices: readonly ChoiceOption[] | null;
  }[],
): number[] {
  return answers
    .filter((answer) => answer.choices?.some((option) => option.knockout))
    .map((answer) => answer.question_id);
}

/**
 * What follows a knockout answer once the interviewee submits: a flag only, rejection, or
 * rejection with the interview's rejection e-mail.
 */
export const KNOCKOUT_ACTIONS = ['flag', 'reject', 'reject_and_email'] as const;
export type KnockoutAction = (typeof KNOCKOUT_ACTIONS)[number];
