import {
  composeSmsText,
  smsRefusal,
  type SmsKind,
  type SmsText,
} from '@candor/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { emit } from '../../platform/events/emit';
import { toE164 } from '../../platform/phone/phone-numbers';
import {
  countCompanyTextsSince,
  countTextsToNumbersSince,
  findCompanySms,
  findOptedOut,
  findTextRecipients,
  insertTexts,
  listApplicationTexts,
  markTextFailed,
  recordReceipt,
  type NewText,
  type TextOutcome,
} from './sms.repository';
import { findJobTiming } from '../../db/job-timing';
import { findSmsTemplate } from './sms-templates.repository';
import { stopUrl } from './stop-token';

/** The start of today in UTC: the day the daily limits count. */
export function startOfUtcDay(now: Date): Date {
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
  );
}

/** The sender shown on the phone: the setting, else the company's name cut to 11 characters. */
export function senderOf(company: { name: string; sender_name: string }) {
  if (company.sender_name) return company.sender_name;
  const plain = company.name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, 11)
    .trim();
  return plain || 'Candor';
}

/**
 * Queues the texts that go beside the e-mails of one change, in the change's transaction: for
 * a company with texts on, each applicant with a phone gets one, or a failed row saying why not
 * (opted out, the company's daily cap, the number's daily limit).
 */
export async function queueTexts(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'signingSecret' | 'smsHttp'>,
  options: {
    companyId: number;
    applicationIds: readonly number[];
    kind: SmsKind;
    now?: Date;
  },
): Promise<number> {
  if (options.applicationIds.length === 0) return 0;
  const company = await findCompanySms(db, options.companyId);
  if (!company?.sms_enabled) return 0;
  const recipients = (
    await findTextRecipients(db, options.companyId, options.applicationIds)
  ).flatMap((row) => {
    const phone = toE164(row.phone, company.default_country);
    return phone ? [{ ...row, phone }] : [];
  });
  if (recipients.length === 0) return 0;
  const since = startOfUtcDay(options.now ?? new Date());
  const phones = [...new Set(recipients.map((row) => row.phone))];
  // A change texts about one interview: one read of its questions.
  const jobIds = [...new Set(recipients.map((row) => row.job_id))];
  const [optedOut, perNumber, timingRows, template] = await Promise.all([
    findOptedOut(db, options.companyId, phones),
    countTextsToNumbersSince(db, {
      companyId: options.companyId,
      phones,
      since,
    }),
    Promise.all(jobIds.map((jobId) => findJobTiming(db, jobId))),
    findSmsTemplate(db, options.companyId, options.kind),
  ]);
  const timings = new Map(
    jobIds.map((jobId, index) => [jobId, timingRows[index]]),
  );
  let byCompany = await countCompanyTextsSince(db, options.companyId, since);
  const sender = senderOf(company);
  const texts: NewText[] = recipients.map((row) => {
    const refusal = smsRefusal({
      optedOut: optedOut.has(row.phone),
      sentByCompanyToday: byCompany,
      dailyCap: company.daily_cap,
      sentToNumberToday: perNumber.get(row.phone) ?? 0,
    });
    if (refusal === null) {
      byCompany += 1;
      perNumber.set(row.phone, (perNumber.get(row.phone) ?? 0) + 1);
    }
    return {
      companyId: options.companyId,
      jobId: row.job_id,
      applicationId: row.id,
      kind: options.kind,
      to: row.phone,
      sender,
      refusal,
      body: composeSmsText({
        kind: options.kind,
        language: row.language,
        template,
        companyName: company.name,
        firstName: row.first_name,
        lastName: row.last_name,
        title: row.title,
        deadline: row.deadline,
        questionCount: Number(timings.get(row.job_id)?.count ?? 0),
        durationSeconds: Number(timings.get(row.job_id)?.seconds ?? 0),
        interviewLink: `${config.publicUrl}/i/${row.shortcode}`,
        // An HTTP provider in Twilio's shape takes STOP replies itself and refuses the number
        // after one; an SMPP text carries Candor's own stop link.
        stopLink: config.smsHttp ? 'reply' : stopUrl(config, row.id),
      }),
    };
  });
  await insertTexts(db, texts);
  return texts.length;
}

/** The texts of one application, newest first; `sending` reads as queued. */
export async function textsOfApplication(
  db: Db,
  options: { companyId: number; applicationId: number },
): Promise<SmsText[]> {
  const rows = await listApplicationTexts(db, options);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    to: row.to_phone,
    body: row.body,
    status: row.status === 'sending' ? 'queued' : row.status,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** The change of a text's outcome, for the activity feed and the sms.* webhooks. */
async function emitOutcome(
  db: Db,
  text: TextOutcome,
  delivered: boolean,
): Promise<void> {
  if (text.application_id === null) return;
  const about = {
    companyId: text.company_id,
    jobId: text.job_id,
    applicationId: text.application_id,
  };
  if (delivered)
    await emit(db, {
      ...about,
      type: 'application.text_delivered',
      data: { to: text.to_phone, kind: text.kind },
    });
  else
    await emit(db, {
      ...about,
      type: 'application.text_failed',
      data: { to: text.to_phone, kind: text.kind, reason: text.reason },
    });
}

/** A delivery receipt or status callback, with its events, in one transaction. */
export async function recordTextReceipt(
  db: Db,
  receipt: { gatewayId: string; delivered: boolean; reason: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const changed = await recordReceipt(trx, receipt);
    for (const text of changed) await emitOutcome(trx, text, receipt.delivered);
    return changed.length;
  });
}

/** Gives up on a text the gateway would not take, with its event. */
export async function failText(
  db: Db,
  options: Parameters<typeof markTextFailed>[1],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const failed = await markTextFailed(trx, options);
    if (failed) await emitOutcome(trx, failed, false);
  });
}
