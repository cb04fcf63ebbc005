import { ChevronDown, Menu, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Drawer } from '../../components/drawer';
import { DropdownMenu, DropdownMenuItem } from '../../components/dropdown-menu';
import { Logo } from '../../components/logo';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/session';
import { AccountDrawer } from '../../features/companies/components/account-drawer';
import { SearchPanel } from '../slots';
import { AccountMessageBanner } from './account-message-banner';
import { PageTransition } from './page-transition';

export const HELP_URL = 'https://help.candor-interviews.com';

/** Matches above the page: root, signed-in, default layout, error boundary. */
const PAGE_DEPTH = 4;

/** Signed-in pages: header, optional account message, page, footer, drawers. */
export function DefaultLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const company = user.current_company;
  const [accountOpen, setAccountOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  const links = [
    { to: paths.interviews, label: t('nav.interviews') },
    { to: paths.content, label: t('nav.content') },
    { to: paths.manageMarketplace, label: t('nav.marketplace') },
    { to: paths.report, label: t('nav.reports') },
  ];

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          {company && (
            <DropdownMenu
              label={t('nav.menu')}
              align="start"
              trigger={
                <button
                  type="button"
                  className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden"
                  aria-label={t('nav.menu')}
                >
                  <Menu className="size-5" aria-hidden />
                </button>
              }
            >
              {links.map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <Link to={link.to}>{link.label}</Link>
                </DropdownMenuItem>
              ))}
              <DropdownMenuItem asChild>
                <a href={HELP_URL} target="_blank" rel="noreferrer">
                  {t('nav.help')}
                </a>
              </DropdownMenuItem>
            </DropdownMenu>
          )}
          <Link
            to={company ? paths.interviews : paths.account}
            className="mr-4 rounded-md"
          >
            <Logo />
          </Link>
          {company && (
            <nav
              aria-label={t('nav.main')}
              className="hidden items-center gap-1 md:flex"
            >
              {links.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-ink',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              ))}
              <a
                href={HELP_URL}
                target="_blank"
                rel="noreferrer"
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink"
              >
                {t('nav.help')}
                <span className="sr-only"> {t('nav.opensInNewTab')}</span>
              </a>
            </nav>
          )}
          <div className="ml-auto flex items-center gap-2">
            {company && SearchPanel && (
              <button
                type="button"
                onClick={() => setSearchOpen(true)}
                className="flex h-9 items-center gap-2 rounded-lg border border-border bg-page px-3 text-sm text-muted hover:border-slate-300 hover:text-ink sm:w-56"
              >
                <Search className="size-4" aria-hidden />
                <span className="hidden sm:inline">{t('nav.search')}</span>
                <span className="sr-only sm:hidden">{t('nav.search')}</span>
              </button>
            )}
            <button
              type="button"
              onClick={() => setAccountOpen(true)}
              aria-label={t('nav.openAccount')}
              aria-haspopup="dialog"
              className="flex h-10 items-center gap-2 rounded-lg py-1 pr-2 pl-1 hover:bg-slate-100"
            >
              {company?.logo ? (
                <img
                  src={company.logo}
                  alt=""
                  className="size-8 rounded-md border border-border object-contain"
                />
              ) : (
                <span className="flex size-8 items-center justify-center rounded-md bg-brand-100 text-xs font-semibold text-brand-800">
                  {initials(company?.name ?? user.full_name)}
                </span>
              )}
              <span className="hidden max-w-44 text-left leading-tight lg:block">
                <span
                  className="block truncate text-sm font-medium text-ink"
                  data-testid="header-company"
                >
                  {company?.name ?? user.full_name}
                </span>
                <span className="block truncate text-xs text-muted">
                  {company ? user.full_name : t('nav.reviewer')}
                </span>
              </span>
              <ChevronDown
                className="hidden size-4 text-slate-400 lg:block"
                aria-hidden
              />
            </button>
          </div>
        </div>
      </header>

      {company && (
        <AccountMessageBanner
          message={company.account_message}
          style={company.account_message_style}
        />
      )}

      <main
        id="main"
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6"
      >
        <PageTransition depth={PAGE_DEPTH} />
      </main>

      <footer className="border-t border-border bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-5 text-sm text-muted sm:px-6">
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
              href={`mailto:${company?.support_email || t('footer.productEmail')}`}
              className="hover:text-ink"
            >
              {t('footer.contact')}
            </a>
          </nav>
        </div>
      </footer>

      <AccountDrawer open={accountOpen} onOpenChange={setAccountOpen} />
      {SearchPanel && (
        <Drawer
          open={searchOpen}
          onOpenChange={setSearchOpen}
          title={t('nav.search')}
          width="md"
        >
          <SearchPanel onNavigate={() => setSearchOpen(false)} />
        </Drawer>
      )}
    </div>
  );
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('') || '?'
  );
}
