import type { ApplicationReply } from '@candor/domain';

/**
 * An interviewee who answered both questions of `job` and whom nobody reviewed yet, as the
 * API replies, for the web's unit tests; `change` sets what a test is about.
 */
export function applicationReply(
  id: number,
  fullName: string,
  change: Partial<ApplicationReply> & { job: number },
): ApplicationReply {
  const [first = '', last = ''] = fullName.split(' ');
  return {
    id,
    user: {
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}@example.com`,
      phone: '',
      full_name: fullName,
    },
    deadline: null,
    invited_at: '2026-11-20T10:00:00Z',
    responded_at: '2026-11-21T10:00:00Z',
    declined_at: null,
    declined_reason: '',
    invitation_failed: false,
    text_undelivered: null,
    archived: false,
    shortlisted: false,
    rejected: false,
    shortlisted_at: null,
    rejected_at: null,
    reviewed_at: null,
    review_completed_at: null,
    answer_count: 2,
    ats: null,
    user_rating: null,
    average_review: { review_average: null, from_count: 0 },
    status: 2,
    knockout: false,
    knockout_questions: [],
    _token: null,
    cv: null,
    cv_filename: null,
    created_at: '2026-11-20T10:00:00Z',
    interview_url: null,
    stage: 'Responded',
    status_label: {
      key: 'not_invited',
      text: 'Responded',
      tone: 'green',
      incomplete: false,
      hover: null,
    },
    actions: [],
    ...change,
  };
}
