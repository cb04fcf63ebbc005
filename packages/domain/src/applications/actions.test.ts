import { describe, expect, it } from 'vitest';
import {
  offeredActions,
  type ActionViewer,
  type ApplicantAction,
} from './actions';
import { applicant, FUTURE, job, LATER_TODAY, NOW, PAST } from './test-facts';

const company: ActionViewer = { userRating: null, canDecide: true };
const rated: ActionViewer = { userRating: 4, canDecide: true };
const rateOnlyReviewer: ActionViewer = { userRating: null, canDecide: false };
const invited = { invited_at: PAST, deadline: FUTURE };
const reviewed = { ...invited, answer_count: 3, reviewed_at: PAST };

type Case = [
  string,
  Parameters<typeof applicant>[0],
  Parameters<typeof job>[0],
  ActionViewer,
  ApplicantAction[],
];

describe('offered actions (spec 4, "Applicant actions")', () => {
  const cases: Case[] = [
    ['Invite: ToInvite', {}, {}, company, ['invite']],
    [
      'Delete: ToInvite with failed invitation (and Invite)',
      { ...invited, invitation_failed: true },
      {},
      company,
      ['delete', 'invite'],
    ],
    [
      'Resend: awaiting, deadline in the future, not declined',
      invited,
      {},
      company,
      ['resend'],
    ],
    [
      'Resend: a deadline later today is still in the future',
      { invited_at: PAST, deadline: LATER_TODAY },
      {},
      company,
      ['resend'],
    ],
    [
      'Resend: no deadline never expires',
      { invited_at: PAST },
      {},
      company,
      ['resend'],
    ],
    [
      'Extend: awaiting, deadline past, not declined',
      { invited_at: PAST, deadline: PAST },
      {},
      company,
      ['extend'],
    ],
    [
      'Archive: awaiting and declined',
      { ...invited, declined_at: PAST },
      {},
      company,
      ['archive'],
    ],
    [
      'Archive: declined past the deadline is not extended',
      { invited_at: PAST, deadline: PAST, declined_at: PAST },
      {},
      company,
      ['archive'],
    ],
    [
      'Review: Responded without the user’s rating',
      { ...invited, answer_count: 3 },
      {},
      company,
      ['review'],
    ],
    [
      'Responded with the user’s rating offers nothing to review',
      { ...invited, answer_count: 3 },
      {},
      rated,
      [],
    ],
    [
      'Review: declined with answers is Responded',
      { ...invited, answer_count: 2, declined_at: PAST },
      {},
      company,
      ['review'],
    ],
    [
      'Review: Reviewed without the user’s rating',
      reviewed,
      {},
      company,
      ['review', 'shortlist', 'reject'],
    ],
    [
      'Reviewed without rating, rating_style 2: View and Feedback link instead of Review',
      reviewed,
      { rating_style: 2 },
      company,
      ['view', 'feedback_link', 'shortlist', 'reject'],
    ],
    [
      'View: Reviewed with rating',
      reviewed,
      {},
      rated,
      ['view', 'shortlist', 'reject'],
    ],
    [
      'View: Outcomes; undo shortlist; reject hidden when shortlisted',
      { ...reviewed, shortlisted: true },
      {},
      company,
      ['view', 'unshortlist'],
    ],
    [
      'Outcomes rejected: shortlist hidden when rejected',
      { ...reviewed, rejected: true },
      {},
      company,
      ['view'],
    ],
    [
      'Feedback link: rating_style 2 and Outcomes',
      { ...reviewed, rejected: true },
      { rating_style: 2 },
      company,
      ['view', 'feedback_link'],
    ],
    [
      'Shortlist/Reject need rating permission 1 for reviewers',
      reviewed,
      {},
      rateOnlyReviewer,
      ['review'],
    ],
    [
      'All actions are hidden for sjt_assessment jobs',
      reviewed,
      { sjt_assessment: true },
      company,
      [],
    ],
    [
      'sjt_assessment hides even Invite',
      {},
      { sjt_assessment: true },
      company,
      [],
    ],
    [
      'archived: only Unarchive (not ToInvite)',
      { ...invited, declined_at: PAST, archived: true },
      {},
      company,
      ['unarchive'],
    ],
    [
      'archived Reviewed: only Unarchive',
      { ...reviewed, archived: true },
      {},
      company,
      ['unarchive'],
    ],
    [
      'archived in ToInvite: nothing (Unarchive needs not ToInvite)',
      { archived: true },
      {},
      company,
      [],
    ],
    [
      'failed invitation with status 6 still offers Delete and Invite',
      { ...invited, invitation_failed: true, status: 6 },
      {},
      company,
      ['delete', 'invite'],
    ],
  ];
  it.each(cases)('%s', (_name, app, jobOverrides, viewer, actions) => {
    expect(
      offeredActions(applicant(app), job(jobOverrides), viewer, NOW),
    ).toEqual(actions);
  });
});
