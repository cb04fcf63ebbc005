import type { Db } from '../src/db/connection';

/**
 * Two webhook endpoints of a company for the route × role table: one kept, with a delivery in
 * its log, and one its owner deletes. Their URL is never called (no worker runs there).
 */
export async function createWebhookFixtures(db: Db, companyId: number) {
  const insert = (url: string) =>
    db
      .insertInto('webhook_endpoints')
      .values({
        company_id: companyId,
        url,
        events: JSON.stringify(['application.created']),
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const kept = await insert('https://hooks.example.test/kept');
  const removable = await insert('https://hooks.example.test/removable');
  const delivery = await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: kept.id,
      company_id: companyId,
      event: 'application.created',
      order_key: 'application:0',
      message_id: 'msg_world',
      payload: '{"type":"application.created"}',
      status: 'failed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    endpointId: kept.id,
    removableId: removable.id,
    deliveryId: Number(delivery.id),
  };
}
