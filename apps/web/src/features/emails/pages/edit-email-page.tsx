import type { EmailType } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { BackToSettings } from '../components/back-to-settings';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { TemplateEditor } from '../components/template-editor';

/** /company-settings/edit-{invitation|completion|rejection}-email; the type comes from the route. */
export default function EditEmailPage() {
  const { t } = useTranslation('emails');
  const matches = useMatches();
  const type =
    (matches.at(-1)?.handle as { emailType?: EmailType } | undefined)
      ?.emailType ?? 'invitation';
  const company = useCurrentUser().current_company;
  usePageTitle(t(`titles.${type}`));
  return (
    <div>
      <PageHeader
        eyebrow={<BackToSettings />}
        title={t(`titles.${type}`)}
        description={t(`descriptions.${type}`)}
      />
      {company ? (
        <TemplateEditor shortname={company.shortname} type={type} />
      ) : (
        <p>{t('companyOnly')}</p>
      )}
    </div>
  );
}
