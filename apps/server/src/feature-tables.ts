import type { ApiKeyTables } from './modules/api-keys/api-key-tables';
import type { FairnessTables } from './modules/fairness/fairness-tables';
import type { ReminderTables } from './modules/reminders/reminder-tables';
import type { ShareLinkTables } from './modules/share-links/share-link-tables';
import type { WebhookTables } from './modules/webhooks/webhook-tables';

// The features' own tables join the database's type here, the one place that knows them all;
// db/schema.ts declares FeatureTables empty so db/ imports no feature (decision 176).
declare module './db/schema' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FeatureTables
    extends
      ApiKeyTables,
      FairnessTables,
      ReminderTables,
      ShareLinkTables,
      WebhookTables {}
}
