import { ExternalLink, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { devMailFileUrl, useDevMail } from '../api/dev-mail';

/** /dev/mail: the e-mails a server without SMTP wrote to files (never in production). */
export default function DevMailPage() {
  const { t, i18n } = useTranslation('emails');
  usePageTitle(t('devMail.title'));
  const mail = useDevMail();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

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
          description={t('devMail.emptyHint')}
        />
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-border text-xs uppercase tracking-wide text-muted">
              <tr>
                <th className="px-4 py-3 font-medium">
                  {t('devMail.received')}
                </th>
                <th className="px-4 py-3 font-medium">{t('devMail.to')}</th>
                <th className="px-4 py-3 font-medium">
                  {t('devMail.subject')}
                </th>
                <th className="px-4 py-3" />
              </tr>
            </thead>
            <tbody>
              {mail.data.results.map((message) => (
                <tr
                  key={message.name}
                  className="border-b border-border last:border-0 hover:bg-slate-50"
                >
                  <td className="whitespace-nowrap px-4 py-3 text-muted">
                    {dateFormat.format(new Date(message.created_at))}
                  </td>
                  <td className="px-4 py-3">{message.to}</td>
                  <td className="px-4 py-3 font-medium text-ink">
                    {message.subject}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <a
                      href={devMailFileUrl(message.name)}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                    >
                      {t('devMail.open')}{' '}
                      <ExternalLink className="size-3.5" aria-hidden />
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}
