/**
 * The voluntary equal-opportunity survey's standard questions (issue 46). A company picks which
 * categories it asks; every category offers "Prefer not to say", and a category left blank is
 * counted as that, so each respondent counts once in every category of the report.
 */
export const SURVEY_CATEGORIES = [
  'gender',
  'ethnicity',
  'age_band',
  'disability',
] as const;
export type SurveyCategory = (typeof SURVEY_CATEGORIES)[number];

export const PREFER_NOT_TO_SAY = 'prefer_not_to_say';

export const SURVEY_GROUPS = {
  gender: ['woman', 'man', 'non_binary', 'other', PREFER_NOT_TO_SAY],
  // The top level of the UK census classification, short enough for a small report.
  ethnicity: ['asian', 'black', 'mixed', 'white', 'other', PREFER_NOT_TO_SAY],
  age_band: [
    'under_25',
    '25_34',
    '35_44',
    '45_54',
    '55_64',
    '65_over',
    PREFER_NOT_TO_SAY,
  ],
  disability: ['yes', 'no', PREFER_NOT_TO_SAY],
} as const satisfies Record<SurveyCategory, readonly string[]>;

export type SurveyAnswers = Partial<Record<SurveyCategory, string>>;

/** Whether `group` is one of the answers `category` offers. */
export const isSurveyGroup = (category: SurveyCategory, group: string) =>
  (SURVEY_GROUPS[category] as readonly string[]).includes(group);

/** Every chosen category answered, a blank one as "Prefer not to say". */
export function completeSurveyAnswers(
  categories: readonly SurveyCategory[],
  answers: SurveyAnswers,
): Record<string, string> {
  return Object.fromEntries(
    categories.map((category) => [
      category,
      answers[category] ?? PREFER_NOT_TO_SAY,
    ]),
  );
}
