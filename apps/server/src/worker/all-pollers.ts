import { createOutboxPoller } from '../platform/mail/outbox-poller';
import { createTaskPoller } from '../platform/tasks/task-poller';
import { allTaskHandlers } from './all-task-handlers';
import { createReviewerReminderPoller } from '../modules/reviewers/reviewer-reminders';
import type { Poller } from './pollers';

/** Every kind of background work the worker runs. Features add theirs here. */
export const allPollers: Poller[] = [
  createTaskPoller(allTaskHandlers),
  createOutboxPoller(),
  createReviewerReminderPoller(),
];
