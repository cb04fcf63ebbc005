import type { ActivityTables } from './modules/activity/activity-tables';
import type { ApiKeyTables } from './modules/api-keys/api-key-tables';
import type { AuditLogTables } from './modules/audit-log/audit-log-tables';
import type { AttachmentTables } from './modules/attachments/attachment-tables';
import type { CommentTables } from './modules/comments/comment-tables';
import type { CompetencyTables } from './modules/competencies/competency-tables';
import type { DomainTables } from './modules/domains/domain-tables';
import type { EmailTables } from './modules/emails/email-tables';
import type { FairnessTables } from './modules/fairness/fairness-tables';
import type { GreenhouseTables } from './integrations/greenhouse/greenhouse-tables';
import type { IntegrationTables } from './integrations/shared/integration-tables';
import type { QuestionBankTables } from './modules/questions/question-bank-tables';
import type { ReminderTables } from './modules/reminders/reminder-tables';
import type { ReviewerInviteTables } from './modules/reviewers/reviewer-invite-tables';
import type { SatisfactionTables } from './modules/satisfaction/satisfaction-tables';
import type { ShareLinkTables } from './modules/share-links/share-link-tables';
import type { SmsTables } from './modules/sms/sms-tables';
import type { StatsTables } from './modules/stats/stats-tables';
import type { WebhookTables } from './modules/webhooks/webhook-tables';

// The features' own tables join the database's type here, the one place that knows them all;
// db/schema.ts declares FeatureTables empty so db/ imports no feature (decision 176). A table
// that platform/ or db/ reads stays in db/schema.ts.
declare module './db/schema' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface FeatureTables
    extends
      ActivityTables,
      ApiKeyTables,
      AttachmentTables,
      AuditLogTables,
      CommentTables,
      CompetencyTables,
      DomainTables,
      EmailTables,
      FairnessTables,
      GreenhouseTables,
      IntegrationTables,
      QuestionBankTables,
      ReminderTables,
      ReviewerInviteTables,
      SatisfactionTables,
      ShareLinkTables,
      SmsTables,
      StatsTables,
      WebhookTables {}
}
