import { zodResolver } from '@hookform/resolvers/zod';
import {
  resolveLocale,
  signupBodySchema,
  type SignupBody,
} from '@candor/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError, Input } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignUp } from '../api/sign-up';
import { CheckInbox } from '../components/check-inbox';
import { PasswordInput } from '../components/password-input';
import { ResendSignupButton } from '../components/resend-signup-button';

type SignupForm = z.input<typeof signupBodySchema>;
const FIELDS = ['company_name', 'full_name', 'email', 'password'] as const;

const linkClasses =
  'font-medium text-brand-700 underline-offset-4 hover:underline';

/** 'Create an account': a new company and its first admin, once the e-mail is confirmed. */
export default function SignupPage() {
  const { t, i18n } = useTranslation('auth');
  const errorText = useErrorText();
  usePageTitle(t('signup.title'));
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm<SignupForm, unknown, SignupBody>({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { company_name: '', full_name: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    signUp.mutate(
      { ...values, locale: resolveLocale(i18n.language) },
      {
        onSuccess: () => setSentTo(values.email),
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );

  if (sentTo)
    return (
      <Card padding="lg" className="shadow-sm">
        <CheckInbox
          title={t('signup.sentTitle')}
          email={sentTo}
          message="signup.sent"
        >
          <ResendSignupButton email={sentTo} className="mt-6" />
        </CheckInbox>
      </Card>
    );

  const failure = signUp.error;
  // Field errors show under their fields; anything else (sign-up closed, too many) up top.
  const failureText =
    failure && isApiError(failure)
      ? failure.isNetworkError
        ? t('login.networkError')
        : Object.keys(failure.fields).length === 0
          ? errorText(failure.message)
          : undefined
      : undefined;

  return (
    <Card padding="lg" className="shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight">
        {t('signup.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted">{t('signup.intro')}</p>
      <form className="mt-7 space-y-5" onSubmit={submit} noValidate>
        <FormError>{failureText}</FormError>
        <Input
          label={t('signup.companyName')}
          autoComplete="organization"
          autoFocus
          error={errorText(errors.company_name?.message)}
          {...form.register('company_name')}
        />
        <Input
          label={t('signup.fullName')}
          autoComplete="name"
          error={errorText(errors.full_name?.message)}
          {...form.register('full_name')}
        />
        <Input
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          hint={t('signup.emailHint')}
          error={errorText(errors.email?.message)}
          {...form.register('email')}
        />
        <PasswordInput
          label={t('signup.password')}
          autoComplete="new-password"
          hint={t('password.hint')}
          error={errorText(errors.password?.message)}
          {...form.register('password')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={signUp.isPending}
        >
          {t('signup.submit')}
        </Button>
        <p className="text-xs/5 text-muted">
          <Trans
            t={t}
            i18nKey="signup.agree"
            components={{
              terms: <Link to={paths.terms} className={linkClasses} />,
              privacy: <Link to={paths.privacy} className={linkClasses} />,
            }}
          />
        </p>
      </form>
      <p className="mt-6 border-t border-border pt-5 text-sm text-muted">
        {t('signup.haveAccount')}{' '}
        <Link to={paths.login} className={linkClasses}>
          {t('signup.signIn')}
        </Link>
      </p>
    </Card>
  );
}
