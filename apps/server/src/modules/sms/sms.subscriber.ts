import type { DomainEventType, SmsKind } from '@candor/domain';
import type { Config } from '../../config';
import type { InTransactionSubscriber } from '../../platform/events/subscribers';
import { queueTexts } from './sms.service';

/** The changes a text goes beside, and what kind of text each one sends. */
const TEXTED: Partial<Record<DomainEventType, SmsKind>> = {
  'application.invited': 'invitation',
  'applications.invited_all': 'invitation',
  'application.reinvited': 'resend',
  'application.reminded': 'reminder',
  'application.deadline_extended': 'extension',
  'applications.deadlines_extended': 'extension',
};

/**
 * Texts beside the invitation, resend, reminder and extension e-mails (decision 188). In the
 * change's transaction, as it only writes the SMS outbox: a text exists exactly when its change
 * is committed, and the worker sends it with retries.
 */
export function smsSubscriber(
  config: Pick<Config, 'publicUrl' | 'signingSecret' | 'smsHttp'>,
): InTransactionSubscriber {
  return {
    name: 'sms',
    delivery: 'in-transaction',
    events: Object.keys(TEXTED) as DomainEventType[],
    async handle(db, event) {
      const kind = TEXTED[event.type];
      if (!kind) return;
      await queueTexts(db, config, {
        companyId: event.companyId,
        kind,
        applicationIds:
          event.applicationIds ??
          (event.applicationId != null ? [event.applicationId] : []),
      });
    },
  };
}
