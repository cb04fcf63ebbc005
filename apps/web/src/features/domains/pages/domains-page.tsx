import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSettingsPage } from '../../../components/admin-settings-page';
import { Card, TableCard } from '../../../components/card';
import { FormError } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { SkeletonRows } from '../../../components/skeleton';
import { useErrorText } from '../../../lib/error-text';
import { useDomains } from '../api/get-domains';
import { AddDomainForm } from '../components/add-domain-form';
import { DomainsTable } from '../components/domains-table';

/** /company-settings/domains: the domains the company proves it holds (decision 201). */
export default adminSettingsPage('domains', Domains);

function Domains({ shortname, back }: { shortname: string; back: ReactNode }) {
  const { t } = useTranslation('domains');
  const errorText = useErrorText();
  const domains = useDomains(shortname);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        eyebrow={back}
        title={t('title')}
        description={t('description')}
      />
      <Card>
        <AddDomainForm shortname={shortname} />
      </Card>
      <TableCard title={t('list.title')} hint={t('list.hint')}>
        {domains.isError ? (
          <FormError>{errorText(domains.error.message)}</FormError>
        ) : domains.data ? (
          <DomainsTable domains={domains.data.results} shortname={shortname} />
        ) : (
          <SkeletonRows />
        )}
      </TableCard>
    </div>
  );
}
