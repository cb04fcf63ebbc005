import { ArrowLeft, ArrowRight, Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { useCreateStep } from '../../../lib/create-step';
import { StepFooter } from '../components/create-frame';

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
      <StepFooter>
        {previousPath ? (
          <Button asChild variant="secondary">
            <Link to={previousPath}>
              <ArrowLeft className="size-4" aria-hidden />
              {t('previous')}
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {nextPath && (
          <Button asChild>
            <Link to={nextPath}>
              {t('next')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </Button>
        )}
      </StepFooter>
    </>
  );
}
