import {
  Building2,
  Check,
  ChevronRight,
  LogOut,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Drawer } from '../../../components/drawer';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { signOut, useCurrentUser } from '../../../lib/session';
import { useChangeCompany, useCompanies } from '../api/companies';

type AccountDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Company switcher, My account, Company account and Logout (spec section 2). */
export function AccountDrawer({ open, onOpenChange }: AccountDrawerProps) {
  const { t } = useTranslation('companies');
  const user = useCurrentUser();
  const company = user.current_company;
  const companies = useCompanies(open && user.company_count > 0);
  const change = useChangeCompany();
  const [signingOut, setSigningOut] = useState(false);
  const close = () => onOpenChange(false);

  const logout = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      window.location.assign(paths.login);
    }
  };

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={t('drawer.title')}>
      <div className="flex items-center gap-3 border-b border-border px-5 py-5">
        <span className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <UserRound className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{user.full_name}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
      </div>

      {user.company_count > 0 && (
        <section
          aria-labelledby="company-switcher"
          className="border-b border-border px-3 py-4"
        >
          <h3
            id="company-switcher"
            className="px-2 pb-2 text-xs font-semibold tracking-wide text-muted uppercase"
          >
            {t('drawer.companies')}
          </h3>
          {companies.isPending ? (
            <div className="space-y-2 px-2">
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
            </div>
          ) : (
            <ul className="space-y-0.5">
              {companies.data?.results.map((item) => {
                const current = item.shortname === company?.shortname;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      aria-current={current || undefined}
                      disabled={current || change.isPending}
                      // Errors are ignored (spec section 7): the user simply stays where they are.
                      onClick={() => change.mutate(item.id)}
                      className={cn(
                        'flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm',
                        current
                          ? 'bg-brand-50 font-medium text-brand-900'
                          : 'text-ink hover:bg-slate-100',
                      )}
                    >
                      <Building2
                        className={cn(
                          'size-4',
                          current ? 'text-brand-700' : 'text-slate-400',
                        )}
                        aria-hidden
                      />
                      <span className="flex-1 truncate">
                        {item.account_name}
                      </span>
                      {current && (
                        <Check
                          className="size-4 text-brand-700"
                          aria-label={t('drawer.current')}
                        />
                      )}
                      {change.isPending && change.variables === item.id && (
                        <Spinner size="sm" />
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}

      <nav aria-label={t('drawer.title')} className="px-3 py-4">
        <DrawerLink
          to={paths.account}
          onClick={close}
          title={t('drawer.myAccount')}
          hint={t('drawer.myAccountHint')}
        />
        {company && (
          <DrawerLink
            to={paths.companySettings}
            onClick={close}
            title={t('drawer.companyAccount')}
            hint={t('drawer.companyAccountHint')}
          />
        )}
        <button
          type="button"
          onClick={() => void logout()}
          disabled={signingOut}
          className="mt-2 flex w-full items-center gap-3 rounded-md px-2 py-2.5 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          {signingOut ? (
            <Spinner size="sm" />
          ) : (
            <LogOut className="size-4 text-slate-500" aria-hidden />
          )}
          {t('drawer.logout')}
        </button>
      </nav>
    </Drawer>
  );
}

function DrawerLink({
  to,
  onClick,
  title,
  hint,
}: {
  to: string;
  onClick: () => void;
  title: string;
  hint: string;
}) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className="flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-slate-100"
    >
      <span className="flex-1">
        <span className="block text-sm font-medium text-ink">{title}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
      <ChevronRight className="size-4 text-slate-400" aria-hidden />
    </Link>
  );
}
