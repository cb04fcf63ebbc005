import { afterCommitSubscribers } from '../event-subscribers';
import { createSubscriberPoller } from '../platform/events/subscriber-poller';
import { createOutboxPoller } from '../platform/mail/outbox-poller';
import { createPartialWritesSweeper } from '../platform/storage/partial-writes-sweeper';
import { createTaskPoller } from '../platform/tasks/task-poller';
import { questionSpeechTask } from '../platform/tts/question-speech.task';
import { allTaskHandlers } from './all-task-handlers';
import { createReviewerReminderPoller } from '../modules/reviewers/reviewer-reminders';
import { createErasureTaskPoller } from '../modules/retention/erasure-tasks';
import { createRetentionPoller } from '../modules/retention/retention-poller';
import { createStaleTakesPoller } from '../modules/interviewee/stale-takes-poller';
import { createCandidateReminderPoller } from '../modules/reminders/candidate-reminder-poller';
import { createReviewerDigestPoller } from '../modules/reviewer-digest/reviewer-digest-poller';
import { createSmsPoller } from '../modules/sms/sms-poller';
import { createWebhookPoller } from '../modules/webhooks/webhook-poller';
import { createWebhookLogPruner } from '../modules/webhooks/delivery-log-pruner';
import { createKeyRequestLogPruner } from '../modules/api-keys/request-log-pruner';
import { createAuditLogPruner } from '../modules/audit-log/audit-log-pruner';
import { createIntegrationCallbackPoller } from '../integrations/shared/integration-callback-poller';
import type { Poller } from './pollers';

/** Every kind of background work the worker runs. Features add theirs here. */
export const allPollers: Poller[] = [
  createTaskPoller(allTaskHandlers),
  // Speech renders take seconds and a listener may be waiting: a loop of their own, never
  // behind a long transcode (decision 175).
  createTaskPoller([questionSpeechTask], { name: 'speech' }),
  createSubscriberPoller(afterCommitSubscribers),
  // Without SMTP_URL each e-mail becomes a file: say where, so a self-hoster can open the
  // first sign-up's confirmation link.
  createOutboxPoller({
    onMailWritten: (to, path) =>
      console.log(`E-mail to ${to} written to ${path}`),
  }),
  // Texts beside the e-mails (decision 188): SMPP, or files in development.
  createSmsPoller(),
  createReviewerReminderPoller(),
  createPartialWritesSweeper(),
  createRetentionPoller(),
  createErasureTaskPoller(),
  createStaleTakesPoller(),
  createKeyRequestLogPruner(),
  createAuditLogPruner(),
  createWebhookPoller(),
  createWebhookLogPruner(),
  createIntegrationCallbackPoller(),
  createCandidateReminderPoller(),
  createReviewerDigestPoller(),
];
