import { ArrowLeft } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useCurrentUser } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { FormError } from './form-field';
import { PageHeader } from './page-header';

/**
 * A company settings page for the company's admins only (API keys, webhooks): its title, the
 * way back to the settings, and for anyone else a refusal (the server refuses them too).
 */
export function AdminSettingsPage({
  title,
  backLabel,
  refusal,
  children,
}: {
  title: string;
  backLabel: string;
  refusal: string;
  children: (shortname: string, back: ReactNode) => ReactNode;
}) {
  usePageTitle(title);
  const company = useCurrentUser().current_company;
  const back = (
    <Link
      to={paths.companySettings}
      className="inline-flex items-center gap-1 hover:text-ink"
    >
      <ArrowLeft className="size-4" aria-hidden /> {backLabel}
    </Link>
  );
  if (!company?.is_admin)
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader eyebrow={back} title={title} />
        <FormError>{refusal}</FormError>
      </div>
    );
  return children(company.shortname, back);
}

/**
 * The page component of an admin settings page whose namespace has `title`, `backToSettings`
 * and `adminsOnly`; `Content` draws it for an admin.
 */
export function adminSettingsPage(
  namespace: string,
  Content: ComponentType<{ shortname: string; back: ReactNode }>,
) {
  return function AdminSettingsRoute() {
    const { t } = useTranslation(namespace);
    return (
      <AdminSettingsPage
        title={t('title')}
        backLabel={t('backToSettings')}
        refusal={t('adminsOnly')}
      >
        {(shortname, back) => <Content shortname={shortname} back={back} />}
      </AdminSettingsPage>
    );
  };
}
