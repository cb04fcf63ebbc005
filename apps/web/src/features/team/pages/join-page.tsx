import { zodResolver } from '@hookform/resolvers/zod';
import {
  joinAcceptSchema,
  PASSWORD_MIN_LENGTH,
  type JoinInvitation,
} from '@candor/domain';
import { Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
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
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';

/** A new person gives all three; the shared rules, the server the password's strength. */
const newPersonSchema = joinAcceptSchema.required();
type NewPerson = z.infer<typeof newPersonSchema>;
const FIELDS = ['first_name', 'last_name', 'password'] as const;

/**
 * /join/{token}: a new person chooses their name and password; someone who already has an
 * account signs in as it and accepts. Then the company's interviews open.
 */
export default function JoinPage() {
  const { t } = useTranslation('team');
  const token = useParams().token ?? '';
  const invitation = useInvitation(token);
  usePageTitle(
    invitation.data
      ? t('join.title', { company: invitation.data.company_name })
      : t('join.invalidTitle'),
  );

  return (
    <Card padding="lg" className="shadow-sm">
      {invitation.isPending ? (
        <SkeletonText lines={5} />
      ) : invitation.isError ? (
        <InvalidInvitation />
      ) : (
        <>
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Users className="size-5" aria-hidden />
          </span>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">
            {t('join.heading', { company: invitation.data.company_name })}
          </h1>
          <p className="mt-2 text-sm/6 text-muted">
            <Trans
              t={t}
              i18nKey="join.invitedAs"
              values={{ email: invitation.data.email }}
              components={{
                strong: <strong className="font-medium break-all text-ink" />,
              }}
            />
          </p>
          {!invitation.data.needs_sign_in ? (
            <NewPersonForm token={token} invitation={invitation.data} />
          ) : invitation.data.signed_in_as_invitee ? (
            <AcceptAsInvitee token={token} invitation={invitation.data} />
          ) : (
            <SignInFirst token={token} email={invitation.data.email} />
          )}
        </>
      )}
    </Card>
  );
}

function InvalidInvitation() {
  const { t } = useTranslation('team');
  return (
    <InvitationInvalid
      title={t('join.invalidTitle')}
      description={t('join.invalid')}
      signInLabel={t('join.toSignIn')}
    />
  );
}

/** The server's refusal, unless it belongs beside a field the form shows. */
function useFailureText(error: Error | null): string | undefined {
  const errorText = useErrorText();
  if (!error) return undefined;
  if (isApiError(error) && FIELDS.some((field) => error.fieldMessage(field)))
    return undefined;
  return errorText(error.message);
}

function useOpenInterviews() {
  const navigate = useNavigate();
  return () => void navigate(paths.interviews, { replace: true });
}

function NewPersonForm({
  token,
  invitation,
}: {
  token: string;
  invitation: JoinInvitation;
}) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const accept = useAcceptInvitation();
  const openInterviews = useOpenInterviews();
  const form = useForm<z.input<typeof newPersonSchema>, unknown, NewPerson>({
    resolver: zodResolver(newPersonSchema),
    defaultValues: {
      first_name: invitation.first_name,
      last_name: invitation.last_name,
      password: '',
    },
  });
  const { errors } = form.formState;
  const failure = useFailureText(accept.error);

  const submit = form.handleSubmit((values) =>
    accept.mutate(
      { token, ...values },
      {
        onSuccess: openInterviews,
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const field of FIELDS) {
            const text = error.fieldMessage(field);
            if (text) form.setError(field, { message: text });
          }
        },
      },
    ),
  );

  return (
    <form
      className="mt-6 space-y-5"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p className="text-sm text-slate-700">{t('join.newIntro')}</p>
      <FormError>{failure}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('join.firstName')}
          required
          autoComplete="given-name"
          error={errorText(errors.first_name?.message)}
          {...form.register('first_name')}
        />
        <Input
          label={t('join.lastName')}
          required
          autoComplete="family-name"
          error={errorText(errors.last_name?.message)}
          {...form.register('last_name')}
        />
      </div>
      <Input
        label={t('join.email')}
        value={invitation.email}
        autoComplete="username"
        readOnly
        disabled
      />
      <Input
        label={t('join.password')}
        type="password"
        required
        autoComplete="new-password"
        autoFocus
        hint={t('join.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        error={errorText(errors.password?.message)}
        {...form.register('password')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={accept.isPending}
      >
        {t('join.submit', { company: invitation.company_name })}
      </Button>
    </form>
  );
}

function AcceptAsInvitee({
  token,
  invitation,
}: {
  token: string;
  invitation: JoinInvitation;
}) {
  const { t } = useTranslation('team');
  const accept = useAcceptInvitation();
  const openInterviews = useOpenInterviews();
  const failure = useFailureText(accept.error);
  return (
    <InvitationAccept
      intro={t('join.acceptIntro', {
        email: invitation.email,
        company: invitation.company_name,
      })}
      acceptLabel={t('join.accept')}
      failure={failure}
      pending={accept.isPending}
      onAccept={() => accept.mutate({ token }, { onSuccess: openInterviews })}
    />
  );
}

function SignInFirst({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('team');
  return (
    // Back here once signed in, where the same account then accepts.
    <InvitationSignIn
      next={paths.join(token)}
      intro={
        <p className="text-sm text-slate-700">{t('join.existingIntro')}</p>
      }
      signInLabel={t('join.signInAs', { email })}
      signedInAsOther={(current) => t('join.signedInAsOther', { current })}
    />
  );
}
