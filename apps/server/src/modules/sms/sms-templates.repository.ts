import type { SmsKind } from '@candor/domain';
import type { Db } from '../../db/connection';

/** The company's own text for a kind, or null when it sends the default. */
export async function findSmsTemplate(
  db: Db,
  companyId: number,
  kind: SmsKind,
): Promise<string | null> {
  const row = await db
    .selectFrom('sms_templates')
    .select('body_text')
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.body_text ?? null;
}

export async function saveSmsTemplate(
  db: Db,
  options: { companyId: number; kind: SmsKind; bodyText: string },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('sms_templates')
    .values({
      company_id: options.companyId,
      kind: options.kind,
      body_text: options.bodyText,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'kind'])
        .doUpdateSet({ body_text: options.bodyText, updated_at: now }),
    )
    .execute();
}

export async function deleteSmsTemplate(
  db: Db,
  companyId: number,
  kind: SmsKind,
): Promise<void> {
  await db
    .deleteFrom('sms_templates')
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .execute();
}
