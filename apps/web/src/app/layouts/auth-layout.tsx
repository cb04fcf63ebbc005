import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../lib/paths';

/** Sign-in and other pages shown before a session exists: a centred card on a quiet page. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-[radial-gradient(ellipse_at_top,var(--color-brand-50),transparent_60%)]">
      <header className="px-6 pt-8 sm:px-10">
        <Link to={paths.login} className="inline-flex rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-10 pb-16 sm:pt-16">
        <div className="w-full max-w-md animate-page-in">
          <Outlet />
        </div>
      </main>
      <footer className="flex flex-wrap justify-center gap-x-6 gap-y-2 px-4 pb-8 text-sm text-muted">
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
      </footer>
    </div>
  );
}
