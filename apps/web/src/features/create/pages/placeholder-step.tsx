import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { useCreateStep } from '../../../lib/create-step';
import { StepLinks } from '../components/create-frame';

/** Holds the place of a step another feature has not filled yet, so the flow never dead-ends. */
export default function PlaceholderStep() {
  const { t } = useTranslation('create');
  const { step, nextPath, previousPath } = useCreateStep();
  return (
    <>
      <Card>
        <EmptyState
          icon={Construction}
          title={t(`steps.${step}`)}
          description={t('placeholder.body')}
        />
      </Card>
      <StepLinks previousPath={previousPath} nextPath={nextPath} />
    </>
  );
}
