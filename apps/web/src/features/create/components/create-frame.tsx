import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { CREATE_STEP_ORDER, stepPath } from '../../../lib/create-step';
import type { CreateStep } from '../../../lib/paths';
import { paths } from '../../../lib/paths';

/**
 * The frame of every creation step: a toolbar (Back link, title) and the steps navigation,
 * links with the current step highlighted. Without a job yet only Details is reachable.
 */
export function CreateFrame({
  jobId,
  title,
  step,
  back,
  children,
}: {
  jobId: number | undefined;
  title: string;
  step: CreateStep;
  /** Where Back leads: the dashboard unless given (a published interview's own page). */
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('create');
  const currentIndex = CREATE_STEP_ORDER.indexOf(step);
  const current = useRef<HTMLAnchorElement>(null);
  // On a phone the steps scroll sideways: keep the current one in sight.
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [step]);
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link
            to={back?.to ?? paths.interviews}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {back?.label ?? t('back')}
          </Link>
          <span className="h-5 w-px bg-border" aria-hidden />
          <h1 className="min-w-0 truncate text-base font-semibold text-ink">
            {title}
          </h1>
        </div>
        <nav
          aria-label={t('steps.label')}
          className="mx-auto max-w-6xl overflow-x-auto px-4 sm:px-6"
        >
          <ol className="flex min-w-max gap-1 pb-2">
            {CREATE_STEP_ORDER.map((name, index) => {
              const isCurrent = name === step;
              const isDone = index < currentIndex;
              const label = (
                <>
                  <span
                    className={cn(
                      'flex size-5 items-center justify-center rounded-full text-[11px] font-semibold',
                      isCurrent
                        ? 'bg-white text-brand-800'
                        : isDone
                          ? 'bg-brand-100 text-brand-800'
                          : 'bg-slate-200 text-slate-600',
                    )}
                    aria-hidden
                  >
                    {isDone ? <Check className="size-3" /> : index + 1}
                  </span>
                  {t(`steps.${name}`)}
                </>
              );
              const classes = cn(
                'flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap',
                isCurrent
                  ? 'bg-brand-700 text-white'
                  : 'text-slate-700 hover:bg-slate-100',
              );
              return (
                <li key={name}>
                  {jobId === undefined && name !== 'details' ? (
                    <span
                      className={cn(
                        classes,
                        'cursor-not-allowed opacity-50 hover:bg-transparent',
                      )}
                      aria-disabled
                    >
                      {label}
                    </span>
                  ) : (
                    <Link
                      to={
                        jobId === undefined
                          ? paths.createDetails
                          : stepPath(jobId, name)
                      }
                      className={classes}
                      aria-current={isCurrent ? 'step' : undefined}
                      ref={isCurrent ? current : undefined}
                    >
                      {label}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      </header>
      <main
        id="main"
        className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6"
      >
        {children}
      </main>
    </>
  );
}

/** Back and Next at the end of a step. */
export function StepFooter({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-6">
      {children}
    </div>
  );
}

/** Previous and Next at the end of a step that has nothing to save: every step has both. */
export function StepLinks({
  previousPath,
  nextPath,
}: {
  previousPath: string | null | undefined;
  nextPath: string | null | undefined;
}) {
  const { t } = useTranslation('create');
  return (
    <StepFooter>
      {previousPath ? (
        <Button asChild variant="secondary">
          <Link to={previousPath}>
            <ArrowLeft className="size-4" aria-hidden />
            {t('previous')}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      {nextPath && (
        <Button asChild>
          <Link to={nextPath}>
            {t('next')}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </Button>
      )}
    </StepFooter>
  );
}
