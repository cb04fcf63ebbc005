import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError, Input } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAcceptInvitation, useInvitation } from '../api/reviewer-invitation';

const MIN_PASSWORD = 10;

/** Where an invited reviewer chooses a password; they are then signed in. */
export default function ReviewerInvitePage() {
  const { t } = useTranslation('reviewers');
  const errorText = useErrorText();
  const token = useParams().token ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  usePageTitle(t('invitation.title'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) {
      setError(t('invitation.tooShort', { count: MIN_PASSWORD }));
      return;
    }
    setError(undefined);
    accept.mutate(password, {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: ['session'] });
        void navigate(paths.interviews, { replace: true });
      },
    });
  };

  return (
    <Card padding="lg" className="shadow-sm">
      {invitation.isPending ? (
        <SkeletonText lines={4} />
      ) : invitation.isError ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">
            {t('invitation.invalidTitle')}
          </h1>
          <p className="mt-2 text-sm text-muted">{t('invitation.invalid')}</p>
          <Button asChild className="mt-6">
            <Link to={paths.login}>{t('invitation.signIn')}</Link>
          </Button>
        </>
      ) : invitation.data.has_password ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">
            {t('invitation.heading', { name: invitation.data.first_name })}
          </h1>
          <p className="mt-2 text-sm text-muted">
            {t('invitation.hasPassword', { job: invitation.data.job_title })}
          </p>
          <Button asChild className="mt-6">
            <Link to={paths.login}>{t('invitation.signIn')}</Link>
          </Button>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">
            {t('invitation.heading', { name: invitation.data.first_name })}
          </h1>
          <p className="mt-2 text-sm text-muted">
            {t('invitation.intro', {
              company: invitation.data.company_name,
              job: invitation.data.job_title,
            })}
          </p>
          <form className="mt-6 space-y-5" onSubmit={submit} noValidate>
            <FormError>
              {accept.error && isApiError(accept.error)
                ? errorText(accept.error.message)
                : undefined}
            </FormError>
            <Input
              label={t('invitation.email')}
              value={invitation.data.email}
              readOnly
              disabled
            />
            <Input
              label={t('invitation.password')}
              type="password"
              autoComplete="new-password"
              hint={t('invitation.passwordHint', { count: MIN_PASSWORD })}
              value={password}
              error={error}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button type="submit" className="w-full" loading={accept.isPending}>
              {t('invitation.submit')}
            </Button>
          </form>
        </>
      )}
    </Card>
  );
}
