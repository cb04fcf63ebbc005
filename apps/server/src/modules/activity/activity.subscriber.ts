import {
  DOMAIN_EVENT_TYPES,
  type DomainEvent,
  type DomainEventType,
} from '@candor/domain';
import type { InTransactionSubscriber } from '../../platform/events/subscribers';
import {
  foldRecentRatingActivity,
  recordActivity,
} from './activity.repository';

/**
 * Re-ratings of one target by one person this close together are one decision still being
 * made (a slider nudged, a second thought): the activity keeps one line with the final rating.
 */
export const RATING_ACTIVITY_FOLD_SECONDS = 120;

/** The interviewee's first recording says nothing a reviewer needs in the feed. */
const NOT_IN_THE_FEED: readonly DomainEventType[] = ['application.started'];

/**
 * The activity feed: one line per change, its verb the event's type. In the change's
 * transaction (decision 176), because the page that made the change shows the line at once.
 */
export const activitySubscriber: InTransactionSubscriber = {
  name: 'activity',
  delivery: 'in-transaction',
  events: DOMAIN_EVENT_TYPES.filter((type) => !NOT_IN_THE_FEED.includes(type)),
  async handle(db, event) {
    if (
      event.type === 'application.rated' &&
      event.applicationId != null &&
      event.userId != null &&
      (await foldRecentRatingActivity(db, {
        applicationId: event.applicationId,
        userId: event.userId,
        answerId: event.data.answer,
        data: event.data,
        windowSeconds: RATING_ACTIVITY_FOLD_SECONDS,
      }))
    )
      return;
    await recordActivity(db, {
      companyId: event.companyId,
      jobId: event.jobId ?? null,
      applicationId: event.applicationId ?? null,
      userId: event.userId ?? null,
      verb: event.type,
      data: entryData(event),
    });
  },
};

/** What the sentence needs; whether a completion was the panel's first is for webhooks. */
function entryData(event: DomainEvent): Record<string, unknown> {
  if (event.type !== 'application.review_completed') return event.data;
  const data: Record<string, unknown> = { ...event.data };
  delete data.first_of_panel;
  return data;
}
