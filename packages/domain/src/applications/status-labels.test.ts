import { describe, expect, it } from 'vitest';
import { withOwnJudgementsOnly } from './facts';
import { jobPageStatusLabel, searchStatusLabel } from './status-labels';
import { applicant, FUTURE, job, LATER_TODAY, NOW, PAST } from './test-facts';

const invited = { invited_at: PAST, deadline: FUTURE };
type Case = [
  string,
  Parameters<typeof applicant>[0],
  Parameters<typeof job>[0],
  string,
  boolean,
  string | null,
];

describe('status labels on the job page (spec 4)', () => {
  const cases: Case[] = [
    ["ToInvite: 'Not yet invited'", {}, {}, 'Not yet invited', false, null],
    [
      "ToInvite: 'Email undelivered' if the invitation failed",
      { ...invited, invitation_failed: true },
      {},
      'Email undelivered',
      false,
      null,
    ],
    [
      'AwaitingResponse: Withdrawn, the reason is hover text',
      { ...invited, declined_at: PAST, declined_reason: 'Took another job' },
      {},
      'Withdrawn',
      false,
      'Took another job',
    ],
    [
      'AwaitingResponse: Withdrawn without a reason has no hover',
      { ...invited, declined_at: PAST },
      {},
      'Withdrawn',
      false,
      null,
    ],
    [
      'AwaitingResponse: Expired (deadline past, no response, invited)',
      { invited_at: PAST, deadline: PAST },
      {},
      'Expired',
      false,
      null,
    ],
    [
      'AwaitingResponse: deadline later today is not expired',
      { invited_at: PAST, deadline: LATER_TODAY },
      {},
      'Awaiting response',
      false,
      null,
    ],
    [
      "AwaitingResponse: 'Awaiting response' (no answers)",
      invited,
      {},
      'Awaiting response',
      false,
      null,
    ],
    [
      'Responded: Withdrawn when declined with answers',
      {
        ...invited,
        answer_count: 2,
        declined_at: PAST,
        declined_reason: 'Moved',
      },
      {},
      'Withdrawn',
      false,
      'Moved',
    ],
    [
      "Responded: 'Not reviewed'",
      { ...invited, answer_count: 3, responded_at: PAST },
      {},
      'Not reviewed',
      false,
      null,
    ],
    [
      "Responded: 'Incomplete' when answers are fewer than questions",
      { ...invited, answer_count: 2 },
      {},
      'Not reviewed',
      true,
      null,
    ],
    [
      "Responded: 'Incomplete' when status is 6",
      { ...invited, answer_count: 3, status: 6 },
      {},
      'Not reviewed',
      true,
      null,
    ],
    [
      'Responded: rating_style 2 is exempt from the Incomplete tag',
      { ...invited, answer_count: 1, status: 6 },
      { rating_style: 2 },
      'Not reviewed',
      false,
      null,
    ],
    [
      'Reviewed: Reviewed',
      { ...invited, answer_count: 3, reviewed_at: PAST },
      {},
      'Reviewed',
      false,
      null,
    ],
    [
      'Outcomes: Successful when shortlisted',
      { answer_count: 3, shortlisted: true },
      {},
      'Successful',
      false,
      null,
    ],
    [
      'Outcomes: Unsuccessful when rejected',
      { answer_count: 3, rejected: true },
      {},
      'Unsuccessful',
      false,
      null,
    ],
  ];
  it.each(cases)('%s', (_name, app, jobOverrides, text, incomplete, hover) => {
    const result = jobPageStatusLabel(applicant(app), job(jobOverrides), NOW);
    expect(result).toMatchObject({ text, incomplete, hover });
  });
});

describe('status labels in search results (spec 4)', () => {
  const cases: Case[] = [
    [
      'with answers: Successful if shortlisted',
      { answer_count: 3, shortlisted: true },
      {},
      'Successful',
      false,
      null,
    ],
    [
      'with answers: Unsuccessful if rejected',
      { answer_count: 3, rejected: true },
      {},
      'Unsuccessful',
      false,
      null,
    ],
    [
      'with answers: Reviewed if an average review exists',
      { answer_count: 3, average_review: { review_average: 2 } },
      {},
      'Reviewed',
      false,
      null,
    ],
    [
      'with answers: Reviewed if reviewed_at is set',
      { answer_count: 3, reviewed_at: PAST },
      {},
      'Reviewed',
      false,
      null,
    ],
    [
      'with answers: Withdrawn (with reason) if declined',
      { answer_count: 1, declined_at: PAST, declined_reason: 'No' },
      {},
      'Withdrawn',
      false,
      'No',
    ],
    [
      'with answers: Not reviewed',
      { answer_count: 3 },
      {},
      'Not reviewed',
      false,
      null,
    ],
    [
      'with answers: Incomplete tag when answers are fewer than questions',
      { answer_count: 1 },
      {},
      'Not reviewed',
      true,
      null,
    ],
    [
      'with answers: Incomplete tag when status is 6',
      { answer_count: 3, status: 6 },
      {},
      'Not reviewed',
      true,
      null,
    ],
    [
      'with answers: no Incomplete tag when rating_style is 2',
      { answer_count: 1, status: 6 },
      { rating_style: 2 },
      'Not reviewed',
      false,
      null,
    ],
    [
      'without answers: Withdrawn',
      { ...invited, declined_at: PAST, declined_reason: 'Busy' },
      {},
      'Withdrawn',
      false,
      'Busy',
    ],
    [
      'without answers: Not reviewed when responded (Incomplete tag)',
      { ...invited, responded_at: PAST },
      {},
      'Not reviewed',
      true,
      null,
    ],
    [
      'without answers: Expired when the deadline passed and the invite was sent',
      { invited_at: PAST, deadline: PAST },
      {},
      'Expired',
      false,
      null,
    ],
    [
      "without answers: a failed invite past its deadline is 'Email undelivered', not Expired",
      { invited_at: PAST, deadline: PAST, invitation_failed: true },
      {},
      'Email undelivered',
      false,
      null,
    ],
    [
      "without answers: 'Not yet invited' if never invited",
      {},
      {},
      'Not yet invited',
      false,
      null,
    ],
    [
      "without answers: 'Awaiting response' if invited and no response",
      invited,
      {},
      'Awaiting response',
      false,
      null,
    ],
  ];
  it.each(cases)('%s', (_name, app, jobOverrides, text, incomplete, hover) => {
    const result = searchStatusLabel(applicant(app), job(jobOverrides), NOW);
    expect(result).toMatchObject({ text, incomplete, hover });
  });
});

describe("the search label of a viewer who may not see others' judgements (decision 134)", () => {
  // Answered, rated 4 by the panel, review completed and shortlisted by someone else.
  const judged = applicant({
    invited_at: PAST,
    responded_at: PAST,
    answer_count: 3,
    average_review: { review_average: 4 },
    reviewed_at: PAST,
    shortlisted: true,
  });
  it.each([
    ['not rated, not completed', null, null, 'Not reviewed'],
    ["rated 'No rating' (0) only", 0, null, 'Not reviewed'],
    ['rated 2', 2, null, 'Reviewed'],
    ['completed their own review', null, PAST, 'Reviewed'],
  ] as const)('%s: %s', (_name, rating, completedAt, text) => {
    const seen = withOwnJudgementsOnly(judged, { rating, completedAt });
    expect(searchStatusLabel(seen, job(), NOW).text).toBe(text);
  });
  it('keeps a rejection and a shortlisting from them, not a withdrawal', () => {
    const rejected = { ...judged, shortlisted: false, rejected: true };
    expect(
      searchStatusLabel(
        withOwnJudgementsOnly(rejected, { rating: null, completedAt: null }),
        job(),
        NOW,
      ).text,
    ).toBe('Not reviewed');
    const withdrawn = applicant({ invited_at: PAST, declined_at: PAST });
    expect(
      searchStatusLabel(
        withOwnJudgementsOnly(withdrawn, { rating: null, completedAt: null }),
        job(),
        NOW,
      ).text,
    ).toBe('Withdrawn');
  });
});
