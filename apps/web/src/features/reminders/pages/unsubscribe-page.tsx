import { BellOff, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUnsubscribe, useUnsubscribeStatus } from '../api/unsubscribe';

/**
 * Where a reminder's unsubscribe link lands. It asks before stopping: mail scanners open
 * links, and only a person presses the button.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('reminders');
  const errorText = useErrorText();
  usePageTitle(t('unsubscribe.title'));
  const token = useParams().token ?? '';
  const status = useUnsubscribeStatus(token);
  const stop = useUnsubscribe();

  if (status.isError)
    return (
      <Card padding="lg" className="shadow-sm">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <CircleAlert className="size-5" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">
          {t('unsubscribe.failedTitle')}
        </h1>
        <p role="alert" className="mt-2 text-sm/6 text-muted">
          {t('unsubscribe.failed')}
        </p>
      </Card>
    );

  if (!status.data)
    return (
      <Card padding="lg" className="shadow-sm">
        <div className="flex flex-col items-center py-6 text-center">
          <Spinner size="lg" />
          <h1 className="mt-5 text-xl font-semibold tracking-tight">
            {t('unsubscribe.title')}
          </h1>
        </div>
      </Card>
    );

  const names = {
    interview: status.data.interview_title,
    company: status.data.company_name,
  };
  return (
    <Card padding="lg" className="shadow-sm">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <BellOff className="size-5" aria-hidden />
      </span>
      {status.data.unsubscribed ? (
        <>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">
            {t('unsubscribe.doneTitle')}
          </h1>
          <p role="status" className="mt-2 text-sm/6 text-muted">
            {t('unsubscribe.done', names)}
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">
            {t('unsubscribe.title')}
          </h1>
          <p className="mt-2 text-sm/6 text-ink">
            {t('unsubscribe.question', names)}
          </p>
          <p className="mt-2 text-sm/6 text-muted">{t('unsubscribe.hint')}</p>
          {stop.error && (
            <div className="mt-4">
              <FormError>{errorText(stop.error.message)}</FormError>
            </div>
          )}
          <Button
            className="mt-6"
            loading={stop.isPending}
            onClick={() => stop.mutate(token)}
          >
            {t('unsubscribe.confirm')}
          </Button>
        </>
      )}
    </Card>
  );
}
