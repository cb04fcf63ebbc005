import { SMS_KINDS, type SmsKind } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { data, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { BackToSettings } from '../components/back-to-settings';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { SmsTemplateEditor } from '../components/sms-template-editor';

const isSmsKind = (value: string | undefined): value is SmsKind =>
  SMS_KINDS.includes(value as SmsKind);

/** /company-settings/edit-text/{kind}: a text message template, for the company's admins. */
export default function EditSmsPage() {
  const { t } = useTranslation('emails');
  const { kind } = useParams();
  const company = useCurrentUser().current_company;
  usePageTitle(isSmsKind(kind) ? t(`sms.titles.${kind}`) : '');
  if (!isSmsKind(kind)) throw data('Template not found.', { status: 404 });
  return (
    <div>
      <PageHeader
        eyebrow={<BackToSettings />}
        title={t(`sms.titles.${kind}`)}
        description={t(`sms.descriptions.${kind}`)}
      />
      {company?.is_admin ? (
        <SmsTemplateEditor shortname={company.shortname} kind={kind} />
      ) : (
        <p>{t('sms.adminsOnly')}</p>
      )}
    </div>
  );
}
