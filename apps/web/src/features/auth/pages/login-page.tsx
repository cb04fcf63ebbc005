import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMAIL_NOT_CONFIRMED,
  loginBodySchema,
  type LoginBody,
} from '@candor/domain';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError, Input } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignIn } from '../api/sign-in';
import { ResendSignupButton } from '../components/resend-signup-button';

const linkClasses =
  'font-medium text-brand-700 underline-offset-4 hover:underline';

/** Only paths inside the app may be a `next` target, never another site. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//')
    ? next
    : paths.interviews;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signIn = useSignIn();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: ({ ssoUrl }) => {
        if (ssoUrl) window.location.assign(ssoUrl);
        else void navigate(safeNext(search.get('next')), { replace: true });
      },
    }),
  );

  const failure = signIn.error;
  // A sign-up whose e-mail is not confirmed yet: say so, and offer the link again.
  const unconfirmed =
    isApiError(failure) && failure.code === EMAIL_NOT_CONFIRMED
      ? failure
      : undefined;
  const failureText =
    failure && !unconfirmed
      ? isApiError(failure) && failure.status !== 0
        ? errorText(failure.message)
        : t('login.networkError')
      : undefined;

  return (
    <Card padding="lg" className="shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight">
        {t('login.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted">{t('login.intro')}</p>
      <form className="mt-7 space-y-5" onSubmit={submit} noValidate>
        <FormError>{failureText}</FormError>
        {unconfirmed && (
          <div
            role="alert"
            className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <p>{errorText(unconfirmed.message)}</p>
            <ResendSignupButton
              email={signIn.variables?.username ?? ''}
              className="mt-3"
            />
          </div>
        )}
        <Input
          label={t('login.email')}
          type="email"
          autoComplete="username"
          autoFocus
          error={errorText(errors.username?.message)}
          {...form.register('username')}
        />
        <div className="relative">
          <Input
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            error={errorText(errors.password?.message)}
            {...form.register('password')}
          />
          <Link
            to={paths.forgotPassword}
            className={`absolute top-0 right-0 text-sm ${linkClasses}`}
          >
            {t('login.forgot')}
          </Link>
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={signIn.isPending}
        >
          {!signIn.isPending && <LogIn className="size-4" aria-hidden />}
          {t('login.submit')}
        </Button>
      </form>
      <p className="mt-6 border-t border-border pt-5 text-sm text-muted">
        {t('login.newHere')}{' '}
        <Link to={paths.signup} className={linkClasses}>
          {t('login.createAccount')}
        </Link>
      </p>
    </Card>
  );
}
