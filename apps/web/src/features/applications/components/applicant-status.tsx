import type { ApplicationReply } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { StatusPill } from '../../../components/status-pill';
import { useJobQuestions } from '../../../lib/jobs/job-queries';

/**
 * The row's status label, the 'Incomplete' note and, for a withdrawal, the reason on hover;
 * 'Text undelivered' with the gateway's or the limit's reason (decision 194).
 */
export function ApplicantStatus({
  application,
}: {
  application: ApplicationReply;
}) {
  const { t } = useTranslation('applications');
  const label = application.status_label;
  const hover = label.hover
    ? t('labels.withdrawnReason', { reason: label.hover })
    : undefined;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <StatusPill tone={label.tone} title={hover}>
        {t(`labels.${label.key}`, { defaultValue: label.text })}
      </StatusPill>
      {label.incomplete && (
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/25 ring-inset">
          {t('labels.incomplete')}
        </span>
      )}
      {hover && <span className="sr-only">{hover}</span>}
      {application.text_undelivered && (
        <StatusPill tone="red" title={application.text_undelivered}>
          {t('labels.text_undelivered')}
          <span className="sr-only">: {application.text_undelivered}</span>
        </StatusPill>
      )}
      {application.knockout && <KnockoutFlag application={application} />}
    </span>
  );
}

/** "Did not meet a requirement", with the questions so answered on hover (decision 192). */
function KnockoutFlag({ application }: { application: ApplicationReply }) {
  const { t } = useTranslation('applications');
  const questions = useJobQuestions(application.job);
  const texts = application.knockout_questions.flatMap((id) => {
    const question = questions.data?.find((item) => item.id === id);
    return question ? [question.text] : [];
  });
  const hover = texts.length > 0 ? texts.join(' · ') : undefined;
  return (
    <span
      className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-600/25 ring-inset"
      title={hover}
    >
      {t('labels.knockout')}
      {hover && <span className="sr-only">: {hover}</span>}
    </span>
  );
}
