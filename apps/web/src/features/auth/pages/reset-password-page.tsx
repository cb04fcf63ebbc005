import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordResetBodySchema,
  type PasswordResetBody,
} from '@candor/domain';
import { CircleAlert, KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError, Input } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePasswordReset } from '../api/get-password-reset';
import { useResetPassword } from '../api/reset-password';
import { PasswordInput } from '../components/password-input';

/** Where the reset e-mail's link lands: a new password, then straight into the app. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  usePageTitle(t('reset.title'));
  const token = useParams().token ?? '';
  const link = usePasswordReset(token);
  const reset = useResetPassword();
  const form = useForm<PasswordResetBody>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    reset.mutate(
      { token, password: values.password },
      {
        onError: (error) => {
          const message = isApiError(error) && error.fieldMessage('password');
          if (message) form.setError('password', { message });
        },
      },
    ),
  );

  if (reset.isSuccess) return <Navigate to={paths.interviews} replace />;
  if (link.isPending)
    return (
      <Card padding="lg" className="shadow-sm">
        <SkeletonText lines={5} />
      </Card>
    );
  const failure = reset.error;
  const gone =
    link.isError ||
    (failure !== null && isApiError(failure) && failure.status === 404);
  if (gone) return <LinkGone />;

  const failureText =
    failure && isApiError(failure) && !failure.fieldMessage('password')
      ? failure.isNetworkError
        ? t('login.networkError')
        : errorText(failure.message)
      : undefined;

  return (
    <Card padding="lg" className="shadow-sm">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <KeyRound className="size-5" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">
        {t('reset.heading')}
      </h1>
      <p className="mt-1 text-sm/6 text-muted">{t('reset.intro')}</p>
      <form className="mt-7 space-y-5" onSubmit={submit} noValidate>
        <FormError>{failureText}</FormError>
        <Input
          label={t('login.email')}
          type="email"
          autoComplete="username"
          value={link.data?.email ?? ''}
          readOnly
          disabled
        />
        <PasswordInput
          label={t('reset.password')}
          autoComplete="new-password"
          autoFocus
          hint={t('password.hint')}
          error={errorText(errors.password?.message)}
          {...form.register('password')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={reset.isPending}
        >
          {t('reset.submit')}
        </Button>
      </form>
    </Card>
  );
}

function LinkGone() {
  const { t } = useTranslation('auth');
  return (
    <Card padding="lg" className="shadow-sm">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <CircleAlert className="size-5" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">
        {t('reset.goneTitle')}
      </h1>
      <p className="mt-2 text-sm/6 text-muted">{t('reset.gone')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.forgotPassword}>{t('reset.askAgain')}</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.login}>{t('verify.signIn')}</Link>
        </Button>
      </div>
    </Card>
  );
}
