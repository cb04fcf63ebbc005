import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** What follows a request that e-mails a link: where it went, and what to do next. */
export function CheckInbox({
  title,
  email,
  message,
  children,
}: {
  title: string;
  email: string;
  /** A translation key of the auth namespace, with `<email>` around the address. */
  message: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div role="status">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailCheck className="size-5" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm/6 text-muted">
        <Trans
          t={t}
          i18nKey={message}
          values={{ email }}
          components={{
            email: <strong className="font-medium break-all text-ink" />,
          }}
        />
      </p>
      {children}
      <p className="mt-6 border-t border-border pt-5 text-sm text-muted">
        <Link
          to={paths.login}
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {t('backToSignIn')}
        </Link>
      </p>
    </div>
  );
}
