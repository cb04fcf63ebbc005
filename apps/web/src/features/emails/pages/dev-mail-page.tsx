import type { DevMailList } from '@candor/domain';
import { ExternalLink, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { Table, type ColumnDef } from '../../../components/table';
import { isApiError } from '../../../lib/api-client';
import { useFormatDate } from '../../../lib/format-date';
import { usePageTitle } from '../../../lib/use-page-title';
import { devMailFileUrl, useDevMail } from '../api/dev-mail';
import { useDevSms } from '../api/dev-sms';

type DevMailMessage = DevMailList['results'][number];

/** /dev/mail: the e-mails (and texts) a server without SMTP wrote to files (never in production). */
export default function DevMailPage() {
  const { t } = useTranslation('emails');
  usePageTitle(t('devMail.title'));
  const mail = useDevMail();
  const formatDate = useFormatDate();
  const columns: ColumnDef<DevMailMessage>[] = [
    {
      id: 'received',
      header: t('devMail.received'),
      meta: { className: 'hidden whitespace-nowrap text-muted sm:table-cell' },
      cell: ({ row }) => formatDate.dateTime(row.original.created_at),
    },
    {
      id: 'to',
      header: t('devMail.to'),
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row }) => row.original.to,
    },
    {
      id: 'subject',
      header: t('devMail.subject'),
      meta: { className: 'font-medium text-ink' },
      cell: ({ row: { original: message } }) => (
        <>
          {message.subject}
          {/* On a phone the other columns sit under the subject. */}
          <span className="block font-normal text-muted sm:hidden">
            {message.to} · {formatDate.dateTime(message.created_at)}
          </span>
        </>
      ),
    },
    {
      id: 'open',
      header: () => <span className="sr-only">{t('devMail.open')}</span>,
      meta: { className: 'text-right' },
      cell: ({ row }) => (
        <a
          href={devMailFileUrl(row.original.name)}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-brand-700 hover:underline"
        >
          {t('devMail.open')} <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title={t('devMail.title')}
        description={t('devMail.description')}
      />
      {mail.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : mail.isError ? (
        <Card className="p-6 text-sm text-muted">
          {isApiError(mail.error) && mail.error.status === 404
            ? t('devMail.off')
            : mail.error.message}
        </Card>
      ) : mail.data.results.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={t('devMail.empty')}
          titleAs="h2"
          description={t('devMail.emptyHint')}
        />
      ) : (
        <Card padding="none" className="overflow-x-auto">
          <Table
            data={mail.data.results}
            columns={columns}
            getRowId={(message) => message.name}
            label={t('devMail.title')}
          />
        </Card>
      )}
      <DevTexts />
    </div>
  );
}

/** The texts beside the e-mails, when the server has no SMS gateway (decision 188). */
function DevTexts() {
  const { t } = useTranslation('emails');
  const texts = useDevSms();
  const formatDate = useFormatDate();
  // No list (a gateway is set, or production): nothing to show.
  if (!texts.data?.results.length) return null;
  return (
    <section className="mt-8" aria-labelledby="dev-texts">
      <h2 id="dev-texts" className="mb-3 text-lg font-semibold text-ink">
        {t('devMail.texts')}
      </h2>
      <Card padding="none">
        <ul className="divide-y divide-border">
          {texts.data.results.map((text) => (
            <li key={text.id} className="px-5 py-4" data-testid="dev-text">
              <p className="text-xs text-muted">
                {text.to} · {formatDate.dateTime(text.created_at)} ·{' '}
                {text.status}
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink">
                {text.body}
              </p>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
