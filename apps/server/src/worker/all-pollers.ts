import { createOutboxPoller } from '../platform/mail/outbox-poller';
import { createPartialWritesSweeper } from '../platform/storage/partial-writes-sweeper';
import { createTaskPoller } from '../platform/tasks/task-poller';
import { allTaskHandlers } from './all-task-handlers';
import { createReviewerReminderPoller } from '../modules/reviewers/reviewer-reminders';
import { createErasureTaskPoller } from '../modules/retention/erasure-tasks';
import { createRetentionPoller } from '../modules/retention/retention-poller';
import type { Poller } from './pollers';

/** Every kind of background work the worker runs. Features add theirs here. */
export const allPollers: Poller[] = [
  createTaskPoller(allTaskHandlers),
  createOutboxPoller(),
  createReviewerReminderPoller(),
  createPartialWritesSweeper(),
  createRetentionPoller(),
  createErasureTaskPoller(),
];
