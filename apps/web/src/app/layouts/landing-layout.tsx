import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Button } from '../../components/button';
import { Logo } from '../../components/logo';
import { paths } from '../../lib/paths';
import { useOptionalUser } from '../../lib/session';

/** Public pages (terms, privacy, marketplace, public interview links): light header, wide body. */
export function LandingLayout() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link
            to={user ? paths.interviews : paths.login}
            className="rounded-md"
          >
            <Logo />
          </Link>
          <Button asChild variant="secondary" size="sm">
            <Link to={user ? paths.interviews : paths.login}>
              {user ? t('nav.dashboard') : t('nav.signIn')}
            </Link>
          </Button>
        </div>
      </header>
      <main className="flex-1 animate-page-in">
        <Outlet />
      </main>
      <footer className="border-t border-border bg-page">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-muted sm:px-6">
          <span>
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </span>
          <nav
            aria-label={t('footer.label')}
            className="flex flex-wrap gap-x-6 gap-y-2"
          >
            <Link to={paths.terms} className="hover:text-ink">
              {t('footer.terms')}
            </Link>
            <Link to={paths.privacy} className="hover:text-ink">
              {t('footer.privacy')}
            </Link>
            <a
              href={`mailto:${t('footer.productEmail')}`}
              className="hover:text-ink"
            >
              {t('footer.contact')}
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
