import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useResendSignup } from '../api/resend-signup';

/** 'Send the link again' for a sign-up whose confirmation e-mail went missing. */
export function ResendSignupButton({
  email,
  className,
}: {
  email: string;
  className?: string;
}) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const resend = useResendSignup();
  const { error } = resend;
  return (
    <div className={className}>
      <Button
        variant="secondary"
        loading={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        {!resend.isPending && <RotateCw className="size-4" aria-hidden />}
        {t('resend.button')}
      </Button>
      <div className="text-sm" aria-live="polite">
        {resend.isSuccess && (
          <p className="mt-2 text-success">{t('resend.sent')}</p>
        )}
        {error && isApiError(error) && !error.isNetworkError && (
          <p className="mt-2 text-danger">{errorText(error.message)}</p>
        )}
      </div>
    </div>
  );
}
