import { CircleAlert, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useLinkOnce } from '../../../lib/use-link-once';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirmEmail } from '../api/confirm-email';

/** Where the link sent to a new account address lands: confirms it at once. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  usePageTitle(t('confirmEmail.title'));
  const token = useParams().token ?? '';
  const confirm = useConfirmEmail();
  useLinkOnce(token, confirm.mutate);

  if (confirm.isSuccess)
    return (
      <Card padding="lg" className="shadow-sm">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MailCheck className="size-5" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">
          {t('confirmEmail.doneTitle')}
        </h1>
        <p className="mt-2 text-sm/6 text-muted">
          {t('confirmEmail.done', { email: confirm.data.email })}
        </p>
        <Button asChild className="mt-6">
          {/* Without a session, the account page asks to sign in first. */}
          <Link to={paths.account}>{t('confirmEmail.toAccount')}</Link>
        </Button>
      </Card>
    );

  const { error } = confirm;
  if (!error)
    return (
      <Card padding="lg" className="shadow-sm">
        <div className="flex flex-col items-center py-6 text-center">
          <Spinner size="lg" />
          <h1 className="mt-5 text-xl font-semibold tracking-tight">
            {t('confirmEmail.pending')}
          </h1>
        </div>
      </Card>
    );

  return (
    <Card padding="lg" className="shadow-sm">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <CircleAlert className="size-5" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">
        {t('confirmEmail.failedTitle')}
      </h1>
      <p role="alert" className="mt-2 text-sm/6 text-muted">
        {isApiError(error) && !error.isNetworkError
          ? errorText(error.message)
          : t('confirmEmail.networkError')}
      </p>
      <Button asChild variant="secondary" className="mt-6">
        <Link to={paths.account}>{t('confirmEmail.toAccount')}</Link>
      </Button>
    </Card>
  );
}
