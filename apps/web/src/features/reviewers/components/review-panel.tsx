import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { useJobReviewers } from '../api/reviewers';
import { AddReviewerForm } from './add-reviewer-form';
import { ReviewerCard } from './reviewer-card';

/** The job's reviewers with their permissions, and the form to add one. */
export function ReviewPanel({ job }: { job: number }) {
  const { t } = useTranslation('reviewers');
  const reviewers = useJobReviewers(job);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section className="space-y-4" aria-label={t('list')}>
        {reviewers.isPending ? (
          <>
            <Skeleton className="h-28" />
            <Skeleton className="h-48" />
          </>
        ) : !reviewers.data?.length ? (
          <Card>
            <EmptyState
              icon={Users}
              title={t('empty.title')}
              description={t('empty.description')}
            />
          </Card>
        ) : (
          reviewers.data.map((reviewer) => (
            <ReviewerCard key={reviewer.id} job={job} reviewer={reviewer} />
          ))
        )}
      </section>
      <aside>
        <Card>
          <CardHeader
            title={t('form.title')}
            description={t('form.description')}
          />
          <AddReviewerForm job={job} />
        </Card>
      </aside>
    </div>
  );
}
