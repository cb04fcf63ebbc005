import type { Job } from '@candor/domain';
import { BellRing, CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardHeader } from '../../../components/card';
import { paths } from '../../../lib/paths';

const DAY = 24 * 60 * 60 * 1000;

/** What needs attention now: answers waiting for review, deadlines closing within three days. */
export function NotificationsPanel({ jobs }: { jobs: Job[] }) {
  const { t } = useTranslation('jobs');
  // The moment the panel first showed; closing deadlines are judged against it.
  const [now] = useState(() => Date.now());
  const toReview = jobs.filter((job) => job.to_review > 0);
  const closing = jobs.filter((job) => {
    if (job.status !== 'Published' || !job.deadline) return false;
    const left = new Date(job.deadline).getTime() - now;
    return left > 0 && left < 3 * DAY;
  });
  return (
    <Card>
      <CardHeader title={t('notifications.title')} />
      {toReview.length === 0 && closing.length === 0 ? (
        <p className="text-sm text-muted">{t('notifications.empty')}</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {toReview.map((job) => (
            <li key={`review-${job.id}`} className="flex gap-2">
              <BellRing
                className="mt-0.5 size-4 shrink-0 text-brand-700"
                aria-hidden
              />
              <Link
                className="text-slate-700 hover:text-brand-800 hover:underline"
                to={paths.job(job.id, { status: 'Responded', filter: 'all' })}
              >
                {t('notifications.toReview', {
                  count: job.to_review,
                  title: job.title,
                })}
              </Link>
            </li>
          ))}
          {closing.map((job) => (
            <li key={`deadline-${job.id}`} className="flex gap-2">
              <CalendarClock
                className="mt-0.5 size-4 shrink-0 text-warning"
                aria-hidden
              />
              <span className="text-slate-700">
                {t('notifications.closing', { title: job.title })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
