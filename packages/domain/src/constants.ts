import type { Constants } from './schemas/constants';

/** Seconds. Recorded in docs/decisions/003-constants.md. */
export const THINKING_TIMES = [0, 15, 30, 45, 60, 90, 120];
export const TIME_LIMITS = [30, 60, 90, 120, 180, 240, 300];
export const DEFAULT_TIME_LIMIT = 120;
export const DEFAULT_THINKING_TIME = 30;
export const DEFAULT_MAX_RETAKES = 2;

export const REVIEWER_APPLICANTS = { all: 0, chosen: 4 } as const;

export const RATING_STYLES = { overall: 0, perQuestion: 1, matrix: 2 } as const;

export const CONSTANTS: Constants = {
  questions: {
    thinking_times: THINKING_TIMES,
    time_limits: TIME_LIMITS,
    default_time_limit: DEFAULT_TIME_LIMIT,
    default_thinking_time: DEFAULT_THINKING_TIME,
  },
  functions: [
    'Administration',
    'Customer service',
    'Engineering',
    'Finance',
    'Graduate',
    'Healthcare',
    'Hospitality',
    'Human resources',
    'Marketing',
    'Operations',
    'Retail',
    'Sales',
  ].map((name, index) => ({ id: index + 1, name })),
  roles: [
    'Entry level',
    'Graduate',
    'Experienced',
    'Manager',
    'Senior leader',
  ].map((name, index) => ({ id: index + 1, name })),
  reviewers: {
    applicants: [
      { id: REVIEWER_APPLICANTS.all, name: 'All interviewees' },
      { id: REVIEWER_APPLICANTS.chosen, name: 'Chosen interviewees' },
    ],
  },
  languages: [
    { id: 'en-gb', name: 'English (UK)' },
    { id: 'fr-fr', name: 'Français' },
  ],
  rating_styles: [
    { id: RATING_STYLES.overall, name: 'Rate overall' },
    { id: RATING_STYLES.perQuestion, name: 'Rate per question' },
    { id: RATING_STYLES.matrix, name: 'Matrix' },
  ],
  rating_scales: [3, 4, 5, 10],
  max_retakes: DEFAULT_MAX_RETAKES,
};
