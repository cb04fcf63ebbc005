import { isStopReply } from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import { notFound } from '../../platform/http/errors';
import { toE164 } from '../../platform/phone/phone-numbers';
import {
  findApplicationPhone,
  findCompanySms,
  findCompaniesThatTexted,
  insertOptOut,
  insertOptOuts,
  isOptedOut,
} from './sms.repository';
import { applicationOfStopToken } from './stop-token';

async function holderOf(ctx: AppContext, token: string) {
  const id = applicationOfStopToken(ctx.config.signingSecret, token);
  const application =
    id === null ? undefined : await findApplicationPhone(ctx.db, id);
  const country =
    application && (await findCompanySms(ctx.db, application.company_id));
  const phone =
    application && country
      ? toE164(application.phone, country.default_country)
      : null;
  if (!application || !phone) throw notFound('This link');
  return { ...application, phone };
}

/** Whether the number of the link's interviewee already stopped this company's texts. */
export async function stopTextsStatus(ctx: AppContext, token: string) {
  const holder = await holderOf(ctx, token);
  return {
    company: holder.company_name,
    stopped: await isOptedOut(ctx.db, holder.company_id, holder.phone),
  };
}

/** The number is never texted again by this company, whichever interview it comes back with. */
export async function stopTexts(ctx: AppContext, token: string) {
  const holder = await holderOf(ctx, token);
  await insertOptOut(ctx.db, holder.company_id, holder.phone);
  return { company: holder.company_name, stopped: true };
}

/**
 * A "STOP" sent back over SMPP (decision 194). Such a reply names no company, only the
 * number, so it stops the texts of every company that has sent that number a text; those
 * companies never text it again, as after the link. Other replies are ignored: nobody reads
 * them. Returns the companies it stopped.
 */
export async function recordStopReply(
  db: Db,
  reply: { from: string; text: string },
): Promise<number> {
  if (!isStopReply(reply.text)) return 0;
  return db.transaction().execute(async (trx) => {
    const companies = await findCompaniesThatTexted(trx, reply.from);
    await insertOptOuts(trx, companies, reply.from);
    return companies.length;
  });
}
