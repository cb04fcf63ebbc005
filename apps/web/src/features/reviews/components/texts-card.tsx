import type { SmsText } from '@candor/domain';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { SkeletonText } from '../../../components/skeleton';
import { StatusPill, type StatusTone } from '../../../components/status-pill';
import { formatDateTime } from '../../../lib/format-date';
import { useTexts } from '../api/get-texts';

const tones: Record<SmsText['status'], StatusTone> = {
  queued: 'amber',
  sent: 'brand',
  delivered: 'green',
  failed: 'red',
};

/** The text messages sent beside the e-mails (issue 43), each with its state and reason. */
export function TextsCard(props: {
  job: number;
  application: number;
  phone: string;
}) {
  const { t, i18n } = useTranslation('reviews');
  const texts = useTexts(props.job, props.application);
  // Nothing to show for an interviewee without a phone who was never texted.
  if (!props.phone && !texts.data?.length) return null;
  return (
    <Card padding="none">
      <div className="px-5 pt-5">
        <CardHeader
          title={t('texts.title')}
          description={t('texts.description', { phone: props.phone })}
        />
      </div>
      {texts.isPending ? (
        <div className="px-5 pb-5">
          <SkeletonText lines={2} />
        </div>
      ) : !texts.data?.length ? (
        <div className="px-5 pb-5">
          <EmptyState
            icon={MessageSquare}
            title={t('texts.empty')}
            description={t('texts.emptyDescription')}
          />
        </div>
      ) : (
        <ul className="divide-y divide-border border-t border-border">
          {texts.data.map((text) => (
            <li key={text.id} className="px-5 py-4" data-testid="text-row">
              <div className="flex flex-wrap items-center gap-3">
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-ink">
                    {t(`texts.kind.${text.kind}`, { defaultValue: text.kind })}
                  </span>
                  <span className="block text-xs text-muted">
                    {text.to} · {formatDateTime(text.created_at, i18n.language)}
                  </span>
                </span>
                <StatusPill
                  tone={tones[text.status]}
                  title={text.reason || undefined}
                >
                  {t(`texts.status.${text.status}`)}
                </StatusPill>
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700">
                {text.body}
              </p>
              {text.reason && (
                <p className="mt-2 text-xs text-red-700">{text.reason}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
