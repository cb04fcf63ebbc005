import { describe, expect, it } from 'vitest';
import { applicantStage, type Stage } from './stage';
import { applicant, FUTURE, PAST } from './test-facts';

const invited = { invited_at: PAST, deadline: FUTURE };

describe('applicantStage (spec 4, "Applicant stage", first match wins)', () => {
  const cases: [string, Parameters<typeof applicant>[0], Stage][] = [
    [
      '1. Outcomes if shortlisted',
      { ...invited, answer_count: 3, shortlisted: true },
      'Outcomes',
    ],
    [
      '1. Outcomes if rejected',
      { ...invited, answer_count: 3, rejected: true },
      'Outcomes',
    ],
    [
      '1. Outcomes wins over a review',
      {
        answer_count: 3,
        rejected: true,
        average_review: { review_average: 4 },
      },
      'Outcomes',
    ],
    [
      '2. Reviewed if it has an average review',
      { ...invited, answer_count: 3, average_review: { review_average: 3.5 } },
      'Reviewed',
    ],
    [
      '2. Reviewed if reviewed_at is set',
      { ...invited, answer_count: 3, reviewed_at: PAST },
      'Reviewed',
    ],
    [
      '3. Responded if it has answers and is not declined',
      { ...invited, answer_count: 1, responded_at: PAST },
      'Responded',
    ],
    [
      '3. Responded if declined with answers',
      { ...invited, answer_count: 2, declined_at: PAST },
      'Responded',
    ],
    [
      '4. AwaitingResponse if declined (no answers)',
      { ...invited, declined_at: PAST },
      'AwaitingResponse',
    ],
    [
      '4. AwaitingResponse if invited, no response, no failed invitation',
      invited,
      'AwaitingResponse',
    ],
    [
      '4. AwaitingResponse even when the deadline has passed (Expired)',
      { invited_at: PAST, deadline: PAST },
      'AwaitingResponse',
    ],
    ['5. ToInvite when never invited', {}, 'ToInvite'],
    [
      '5. ToInvite when the invitation failed',
      { ...invited, invitation_failed: true },
      'ToInvite',
    ],
    [
      '5. ToInvite when declined is absent and invitation failed with status 6',
      { ...invited, invitation_failed: true, status: 6 },
      'ToInvite',
    ],
    [
      'archived does not change the stage',
      { ...invited, archived: true },
      'AwaitingResponse',
    ],
  ];
  it.each(cases)('%s', (_name, overrides, stage) => {
    expect(applicantStage(applicant(overrides))).toBe(stage);
  });
});
