import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyBodySchema, type EmailOnlyBody } from '@candor/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError, Input } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { CheckInbox } from '../components/check-inbox';

/** 'Forgot your password?': e-mails a reset link; the reply never says whether the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  usePageTitle(t('forgot.title'));
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm<EmailOnlyBody>({
    resolver: zodResolver(emailOnlyBodySchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    request.mutate(values.email, { onSuccess: () => setSentTo(values.email) }),
  );

  if (sentTo)
    return (
      <Card padding="lg" className="shadow-sm">
        <CheckInbox
          title={t('forgot.sentTitle')}
          email={sentTo}
          message="forgot.sent"
        />
      </Card>
    );

  const failure = request.error;
  const failureText =
    failure && isApiError(failure)
      ? failure.isNetworkError
        ? t('login.networkError')
        : errorText(failure.message)
      : undefined;

  return (
    <Card padding="lg" className="shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight">
        {t('forgot.heading')}
      </h1>
      <p className="mt-1 text-sm/6 text-muted">{t('forgot.intro')}</p>
      <form className="mt-7 space-y-5" onSubmit={submit} noValidate>
        <FormError>{failureText}</FormError>
        <Input
          label={t('login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={errorText(errors.email?.message)}
          {...form.register('email')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={request.isPending}
        >
          {t('forgot.submit')}
        </Button>
      </form>
      <p className="mt-6 border-t border-border pt-5 text-sm text-muted">
        {t('forgot.remembered')}{' '}
        <Link
          to={paths.login}
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {t('signup.signIn')}
        </Link>
      </p>
    </Card>
  );
}
