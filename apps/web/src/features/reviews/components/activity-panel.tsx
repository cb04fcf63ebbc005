import { pageCount } from '@candor/domain';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { Pager } from '../../../components/pager';
import { useActivitySentence } from '../../../lib/activity-sentence';
import { SkeletonText } from '../../../components/skeleton';
import { ACTIVITY_PAGE_SIZE, useActivities } from '../api/get-activities';
import { formatDateTime } from '../../../lib/format-date';

/** The paged activity of one interviewee (written by the server on every change). */
export function ActivityPanel({
  job,
  application,
}: {
  job: number;
  application: number;
}) {
  const { t, i18n } = useTranslation('reviews');
  const [page, setPage] = useState(1);
  const activities = useActivities(job, application, page);
  const sentence = useActivitySentence();
  return (
    <Card>
      <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink">
        <History className="size-4 text-muted" aria-hidden />
        {t('activity.title')}
      </h2>
      {activities.isPending ? (
        <SkeletonText lines={4} />
      ) : activities.isError ? (
        <p className="text-sm text-muted">{t('activity.unavailable')}</p>
      ) : activities.data.results.length === 0 ? (
        <p className="text-sm text-muted">{t('activity.empty')}</p>
      ) : (
        <ol className="space-y-3">
          {activities.data.results.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-sm text-ink">{sentence(entry)}</p>
              <p className="text-xs text-muted">
                {formatDateTime(entry.when, i18n.language)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {activities.data && (
        <div className="mt-3">
          <Pager
            page={page}
            totalPages={pageCount(activities.data.count, ACTIVITY_PAGE_SIZE)}
            onPageChange={setPage}
          />
        </div>
      )}
    </Card>
  );
}
