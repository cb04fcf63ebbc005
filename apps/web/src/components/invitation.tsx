import { CheckCircle2, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useOptionalUser } from '../lib/session';
import { Button } from './button';
import { FormError } from './form-field';

/**
 * The blocks of an invitation page (/join/{token}, /reviewer-invite/{token}) that do not
 * depend on the kind of invitation. Each page passes its own, already translated, texts.
 */

/** An unknown, used or expired link: a title, a sentence and a way to the login page. */
export function InvitationInvalid({
  title,
  description,
  signInLabel,
}: {
  title: ReactNode;
  description: ReactNode;
  signInLabel: ReactNode;
}) {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted">{description}</p>
      <Button asChild className="mt-6">
        <Link to={paths.login}>{signInLabel}</Link>
      </Button>
    </>
  );
}

/**
 * The invitee already has an account: sign in as it, then come back to `next` (the
 * invitation page) to accept. Someone signed in as another account is told so.
 */
export function InvitationSignIn({
  next,
  intro,
  signInLabel,
  signedInAsOther,
}: {
  /** The invitation page's own path, opened again once signed in. */
  next: string;
  /** The page's explanation, shown above the button. */
  intro: ReactNode;
  signInLabel: ReactNode;
  /** The warning for someone signed in as another account, given that account's address. */
  signedInAsOther: (current: string) => ReactNode;
}) {
  const current = useOptionalUser();
  const query = new URLSearchParams({ next });
  return (
    <div className="mt-6 space-y-5">
      {intro}
      {current && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {signedInAsOther(current.email)}
        </p>
      )}
      <Button
        asChild
        size="lg"
        // A long address wraps instead of running out of the card on a phone.
        className="h-auto! min-h-11 w-full py-2.5 text-center whitespace-normal! [overflow-wrap:anywhere]"
      >
        <Link to={`${paths.login}?${query.toString()}`}>
          <LogIn className="size-4" aria-hidden />
          {signInLabel}
        </Link>
      </Button>
    </div>
  );
}

/** The invitee is signed in as the invited account: one button accepts. */
export function InvitationAccept({
  intro,
  acceptLabel,
  failure,
  pending,
  onAccept,
}: {
  intro: ReactNode;
  acceptLabel: ReactNode;
  /** The server's refusal, if any, already translated. */
  failure?: string;
  pending: boolean;
  onAccept: () => void;
}) {
  return (
    <div className="mt-6 space-y-5">
      <FormError>{failure}</FormError>
      <p className="text-sm text-slate-700">{intro}</p>
      <Button size="lg" className="w-full" loading={pending} onClick={onAccept}>
        {!pending && <CheckCircle2 className="size-4" aria-hidden />}
        {acceptLabel}
      </Button>
    </div>
  );
}
