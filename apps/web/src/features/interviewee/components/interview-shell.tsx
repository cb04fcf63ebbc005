import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { brandStyle } from '../../../lib/brand-style';
import { paths } from '../../../lib/paths';

export type Branding = {
  name: string;
  logo: string | null;
  brand_color?: string | null;
};

/** The company's logo, or its initial in a tile when it has none. */
export function CompanyMark({
  company,
  size = 'md',
}: {
  company: Branding;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'size-16 text-2xl' : 'size-10 text-lg';
  if (company.logo) {
    return (
      <img
        src={company.logo}
        alt=""
        className={`${box} shrink-0 rounded-lg bg-white object-contain`}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={`${box} flex shrink-0 items-center justify-center rounded-lg bg-brand-700 font-semibold text-white`}
    >
      {company.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * The interviewee's full-screen frame: the company's name and logo on top, one task in the
 * middle, a quiet footer. Phones get the whole width; large screens a centred column.
 */
export function InterviewShell({
  company,
  progress,
  children,
}: {
  company: Branding | null;
  /** e.g. 'Question 2 of 5', shown at the top right. */
  progress?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('interviewee');
  const branded = Boolean(company?.brand_color);
  return (
    <div
      className="flex min-h-dvh flex-col bg-page"
      style={brandStyle(company?.brand_color)}
    >
      <header
        className={
          branded
            ? 'border-b border-border bg-(--brand-surface)'
            : 'border-b border-border bg-surface'
        }
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          {company ? (
            <div className="flex min-w-0 items-center gap-3">
              <CompanyMark company={company} />
              <span
                className={`truncate text-base font-semibold ${branded ? 'text-(--brand-on-surface)' : 'text-ink'}`}
              >
                {company.name}
              </span>
            </div>
          ) : (
            <Logo />
          )}
          {progress && (
            <div
              className={`shrink-0 text-sm font-medium ${branded ? 'text-(--brand-on-surface)' : 'text-slate-700'}`}
              aria-live="polite"
            >
              {progress}
            </div>
          )}
        </div>
      </header>
      <main
        id="main"
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-6 sm:px-6 sm:py-10"
      >
        {children}
      </main>
      <footer className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-2 px-4 pb-6 text-xs text-muted sm:px-6">
        <span>{t('footer.poweredBy')}</span>
        <Link
          to={paths.privacy}
          target="_blank"
          className="underline-offset-4 hover:underline"
        >
          {t('footer.privacy')}
        </Link>
      </footer>
    </div>
  );
}

/** A centred message screen (closed, expired, declined, errors, thank-you). */
export function MessagePanel({
  icon,
  title,
  children,
  tone = 'neutral',
}: {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'success' | 'warning';
}) {
  const ring = {
    neutral: 'bg-slate-100 text-slate-600',
    success: 'bg-emerald-50 text-emerald-700',
    warning: 'bg-amber-50 text-amber-700',
  }[tone];
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center py-10 text-center">
      <div
        className={`flex size-16 items-center justify-center rounded-full ${ring}`}
      >
        {icon}
      </div>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        {title}
      </h1>
      {children && (
        <div className="mt-3 space-y-4 text-base text-slate-600">
          {children}
        </div>
      )}
    </div>
  );
}
