import { zodResolver } from '@hookform/resolvers/zod';
import {
  joinAcceptSchema,
  PASSWORD_MIN_LENGTH,
  type JoinInvitation,
} from '@candor/domain';
import { CheckCircle2, LogIn, Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError, Input } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useOptionalUser } from '../../../lib/session';
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
    <>
      <h1 className="text-2xl font-semibold tracking-tight">
        {t('join.invalidTitle')}
      </h1>
      <p className="mt-2 text-sm text-muted">{t('join.invalid')}</p>
      <Button asChild className="mt-6">
        <Link to={paths.login}>{t('join.toSignIn')}</Link>
      </Button>
    </>
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
    <div className="mt-6 space-y-5">
      <FormError>{failure}</FormError>
      <p className="text-sm text-slate-700">
        {t('join.acceptIntro', {
          email: invitation.email,
          company: invitation.company_name,
        })}
      </p>
      <Button
        size="lg"
        className="w-full"
        loading={accept.isPending}
        onClick={() => accept.mutate({ token }, { onSuccess: openInterviews })}
      >
        {!accept.isPending && <CheckCircle2 className="size-4" aria-hidden />}
        {t('join.accept')}
      </Button>
    </div>
  );
}

function SignInFirst({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('team');
  const current = useOptionalUser();
  // Back here once signed in, where the same account then accepts.
  const next = new URLSearchParams({ next: paths.join(token) });
  return (
    <div className="mt-6 space-y-5">
      <p className="text-sm text-slate-700">{t('join.existingIntro')}</p>
      {current && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('join.signedInAsOther', { current: current.email })}
        </p>
      )}
      <Button
        asChild
        size="lg"
        // A long address wraps instead of running out of the card on a phone.
        className="h-auto! min-h-11 w-full py-2.5 text-center whitespace-normal! [overflow-wrap:anywhere]"
      >
        <Link to={`${paths.login}?${next.toString()}`}>
          <LogIn className="size-4" aria-hidden />
          {t('join.signInAs', { email })}
        </Link>
      </Button>
    </div>
  );
}
