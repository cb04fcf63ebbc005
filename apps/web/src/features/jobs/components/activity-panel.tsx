import { pageCount, PAGE_SIZES } from '@candor/domain';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '../../../components/card';
import { Pager } from '../../../components/pager';
import { useActivitySentence } from '../../../lib/activity-sentence';
import { SkeletonText } from '../../../components/skeleton';
import { useActivities } from '../api/get-activities';
import { useFormatDate } from '../../../lib/format-date';

/** The company's recent changes, eight at a time (spec section 7: /api/activities). */
export function ActivityPanel() {
  const { t } = useTranslation('jobs');
  const [page, setPage] = useState(1);
  const activities = useActivities(page);
  const formatDate = useFormatDate();
  const sentence = useActivitySentence();
  const data = activities.data;
  return (
    <Card>
      <CardHeader title={t('activity.title')} />
      {data ? (
        data.results.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <History className="size-4" aria-hidden />
            {t('activity.empty')}
          </p>
        ) : (
          <ol className="space-y-3">
            {data.results.map((entry) => (
              <li key={entry.id} className="text-sm">
                <p className="text-slate-700">{sentence(entry)}</p>
                <p className="text-xs text-muted">
                  {formatDate.dateTime(entry.when)}
                </p>
              </li>
            ))}
          </ol>
        )
      ) : activities.isError ? (
        <p className="text-sm text-muted">{t('activity.failed')}</p>
      ) : (
        <SkeletonText lines={6} />
      )}
      {data && (
        <Pager
          className="mt-4"
          page={page}
          totalPages={pageCount(data.count, PAGE_SIZES.activity)}
          onPageChange={setPage}
        />
      )}
    </Card>
  );
}
