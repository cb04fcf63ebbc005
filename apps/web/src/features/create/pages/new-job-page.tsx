import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';
import { CreateFrame } from '../components/create-frame';
import { DetailsForm } from '../components/details-form';

/** /create/details: the first step before the interview exists. */
export default function NewJobPage() {
  const { t } = useTranslation('create');
  usePageTitle(t('newTitle'));
  return (
    <CreateFrame jobId={undefined} title={t('newTitle')} step="details">
      <DetailsForm />
    </CreateFrame>
  );
}
