import type { Config } from './config';
import { greenhouseSubscriber } from './integrations/greenhouse/greenhouse.subscriber';
import { activitySubscriber } from './modules/activity/activity.subscriber';
import { auditLogSubscriber } from './modules/audit-log/audit-log.subscriber';
import { emailsSubscriber } from './modules/emails/emails.subscriber';
import { smsSubscriber } from './modules/sms/sms.subscriber';
import { webhooksSubscriber } from './modules/webhooks/webhooks.subscriber';
import { speechSubscriber } from './platform/tts/question-speech.subscriber';
import type {
  AfterCommitSubscriber,
  InTransactionSubscriber,
} from './platform/events/subscribers';

/**
 * Every subscriber of the domain events (decision 176), in the order they run. To react to a
 * change, add a subscriber here; to add a change, emit its event where it is made.
 */
export function inTransactionSubscribers(
  config: Config,
): readonly InTransactionSubscriber[] {
  return [
    activitySubscriber,
    webhooksSubscriber,
    speechSubscriber,
    emailsSubscriber(config),
    greenhouseSubscriber,
    smsSubscriber(config),
    auditLogSubscriber,
  ];
}

/**
 * Run by the worker, each from its own position (platform/events/subscriber-poller.ts): the
 * place for what calls outside or may fail for a while (an audit export). None yet: texts and
 * Greenhouse's callbacks, like e-mails and webhooks, are written to their own outbox in the
 * change's transaction and sent by a poller (decisions 188 and 190).
 */
export const afterCommitSubscribers: readonly AfterCommitSubscriber[] = [];
