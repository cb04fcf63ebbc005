import { Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../components/button';
import { Logo } from '../components/logo';
import { isApiError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';

/** The status and message of whatever a route threw; 500 when nothing better is known. */
function describe(error: unknown): { status: number; message?: string } {
  if (isRouteErrorResponse(error)) {
    return {
      status: error.status,
      message: typeof error.data === 'string' ? error.data : error.statusText,
    };
  }
  if (isApiError(error))
    return { status: error.status || 500, message: error.message };
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500 };
}

/** 'Page not found' for 404, 'An error occurred' otherwise; a Home page link to /interviews. */
export function ErrorPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const { status, message } = describe(useRouteError());
  const notFound = status === 404;
  const title = notFound
    ? t('errors.pageNotFound')
    : t('errors.anErrorOccurred');
  usePageTitle(title);

  const body = (
    <div className="mx-auto max-w-md py-16 text-center">
      <p
        className="text-sm font-semibold tracking-wide text-brand-700"
        data-testid="error-status"
      >
        {status}
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink">
        {title}
      </h1>
      <p className="mt-3 text-base text-muted" data-testid="error-message">
        {notFound
          ? t('errors.notFoundMessage')
          : message || t('errors.genericMessage')}
      </p>
      <Button asChild className="mt-8">
        <Link to={paths.interviews}>
          <Home className="size-4" aria-hidden />
          {t('errors.homePage')}
        </Link>
      </Button>
    </div>
  );

  if (!standalone) return body;
  return (
    <div className="flex min-h-screen flex-col bg-page px-6 pt-8 sm:px-10">
      <header className="self-start">
        <Link to={paths.interviews} className="block rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center pb-24">
        {body}
      </main>
    </div>
  );
}

export function StandaloneErrorPage() {
  return <ErrorPage standalone />;
}
