import { zodResolver } from '@hookform/resolvers/zod';
import {
  newPasswordSchema,
  PASSWORD_MIN_LENGTH,
  type ReviewerInvitation,
} from '@candor/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError, Input } from '../../../components/form-field';
import {
  InvitationAccept,
  InvitationInvalid,
  InvitationSignIn,
} from '../../../components/invitation';
import { SkeletonText } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAcceptReviewerInvitation } from '../api/accept-reviewer-invitation';
import { useReviewerInvitation } from '../api/get-reviewer-invitation';

/** A new person must choose a password; the shared length rule, the server the rest. */
const choosePasswordSchema = z.object({ password: newPasswordSchema });
type ChoosePassword = z.infer<typeof choosePasswordSchema>;

/**
 * /reviewer-invite/{token}: a new person chooses a password here; someone who already has an
 * account signs in as that account and accepts. Either way, the interview opens next.
 */
export default function ReviewerInvitePage() {
  const { t } = useTranslation('reviewers');
  const token = useParams().token ?? '';
  const invitation = useReviewerInvitation(token);
  usePageTitle(t('invitation.title'));

  return (
    <Card padding="lg" className="shadow-sm">
      {invitation.isPending ? (
        <SkeletonText lines={4} />
      ) : invitation.isError ? (
        <InvalidInvitation />
      ) : (
        <>
          <p className="text-sm font-medium text-brand-700">
            {invitation.data.company_name}
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">
            {t('invitation.heading', { name: invitation.data.first_name })}
          </h1>
          <p className="mt-2 text-sm text-muted">
            {t('invitation.invited', {
              company: invitation.data.company_name,
              job: invitation.data.job_title,
            })}
          </p>
          {!invitation.data.has_password ? (
            <ChoosePasswordForm token={token} invitation={invitation.data} />
          ) : invitation.data.signed_in_as_invitee ? (
            <AcceptAsInvitee token={token} />
          ) : (
            <SignInFirst token={token} email={invitation.data.email} />
          )}
        </>
      )}
    </Card>
  );
}

function InvalidInvitation() {
  const { t } = useTranslation('reviewers');
  return (
    <InvitationInvalid
      title={t('invitation.invalidTitle')}
      description={t('invitation.invalid')}
      signInLabel={t('invitation.signIn')}
    />
  );
}

/** The server's refusal, unless it belongs under a field the form shows. */
function useFailureText(error: Error | null): string | undefined {
  const { t } = useTranslation('reviewers');
  const errorText = useErrorText();
  if (!error) return undefined;
  if (!isApiError(error) || error.status === 0) return t('invitation.failed');
  return error.fieldMessage('password') ? undefined : errorText(error.message);
}

function useOpenJob() {
  const navigate = useNavigate();
  return ({ job_id }: { job_id: number }) =>
    void navigate(paths.job(job_id), { replace: true });
}

function ChoosePasswordForm({
  token,
  invitation,
}: {
  token: string;
  invitation: ReviewerInvitation;
}) {
  const { t } = useTranslation('reviewers');
  const errorText = useErrorText();
  const accept = useAcceptReviewerInvitation(token);
  const openJob = useOpenJob();
  const form = useForm<ChoosePassword>({
    resolver: zodResolver(choosePasswordSchema),
    defaultValues: { password: '' },
  });
  const failure = useFailureText(accept.error);

  const submit = form.handleSubmit((values) =>
    accept.mutate(values, {
      onSuccess: openJob,
      onError: (error) => {
        const message = isApiError(error)
          ? error.fieldMessage('password')
          : undefined;
        if (message) form.setError('password', { message });
      },
    }),
  );

  return (
    <form
      className="mt-6 space-y-5"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FormError>{failure}</FormError>
      <Input
        label={t('invitation.email')}
        value={invitation.email}
        readOnly
        disabled
      />
      <Input
        label={t('invitation.password')}
        type="password"
        autoComplete="new-password"
        autoFocus
        hint={t('invitation.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        error={errorText(form.formState.errors.password?.message)}
        {...form.register('password')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={accept.isPending}
      >
        {t('invitation.submit')}
      </Button>
    </form>
  );
}

function AcceptAsInvitee({ token }: { token: string }) {
  const { t } = useTranslation('reviewers');
  const accept = useAcceptReviewerInvitation(token);
  const openJob = useOpenJob();
  const failure = useFailureText(accept.error);
  return (
    <InvitationAccept
      intro={t('invitation.acceptHint')}
      acceptLabel={t('invitation.accept')}
      failure={failure}
      pending={accept.isPending}
      onAccept={() => accept.mutate({}, { onSuccess: openJob })}
    />
  );
}

function SignInFirst({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('reviewers');
  return (
    // Back here once signed in, where the same account then accepts.
    <InvitationSignIn
      next={paths.reviewerInvite(token)}
      intro={
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('invitation.signInFirst', { email })}
        </p>
      }
      signInLabel={t('invitation.signInAs', { email })}
      signedInAsOther={(current) =>
        t('invitation.signedInAsOther', { current })
      }
    />
  );
}
