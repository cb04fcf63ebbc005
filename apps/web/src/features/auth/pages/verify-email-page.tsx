import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useLinkOnce } from '../../../lib/use-link-once';
import { usePageTitle } from '../../../lib/use-page-title';
import { useVerifyEmail } from '../api/verify-email';

/** Where the sign-up's e-mailed link lands: confirms at once and opens the new company. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  usePageTitle(t('verify.title'));
  const token = useParams().token ?? '';
  const verify = useVerifyEmail();
  useLinkOnce(token, verify.mutate);

  if (verify.isSuccess) return <Navigate to={paths.interviews} replace />;
  const { error } = verify;
  if (!error)
    return (
      <Card padding="lg" className="shadow-sm">
        <div className="flex flex-col items-center py-6 text-center">
          <Spinner size="lg" />
          <h1 className="mt-5 text-xl font-semibold tracking-tight">
            {t('verify.pending')}
          </h1>
          <p className="mt-1 text-sm text-muted">{t('verify.pendingIntro')}</p>
        </div>
      </Card>
    );

  const gone = isApiError(error) && error.status === 404;
  return (
    <Card padding="lg" className="shadow-sm">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <CircleAlert className="size-5" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">
        {gone ? t('verify.goneTitle') : t('verify.failedTitle')}
      </h1>
      <p className="mt-2 text-sm/6 text-muted">
        {gone
          ? t('verify.gone')
          : isApiError(error) && !error.isNetworkError
            ? errorText(error.message)
            : t('login.networkError')}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.login}>{t('verify.signIn')}</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.signup}>{t('verify.signUp')}</Link>
        </Button>
      </div>
    </Card>
  );
}
