import type { CompanyDomain } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { StatusPill } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useFormatDate } from '../../../lib/format-date';
import { useVerifyDomain } from '../api/verify-domain';

function VerifyButton({
  shortname,
  domain,
}: {
  shortname: string;
  domain: CompanyDomain;
}) {
  const { t } = useTranslation('domains');
  const errorText = useErrorText();
  const verify = useVerifyDomain();
  const run = async () => {
    try {
      await verify.mutateAsync({ shortname, id: domain.id });
      toast.success(t('verify.done', { domain: domain.domain }));
    } catch (error) {
      toast.error(t('verify.failed'), {
        description: errorText((error as Error).message),
      });
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={verify.isPending}
      aria-label={t('verify.label', { domain: domain.domain })}
      onClick={() => void run()}
    >
      {t('verify.button')}
    </Button>
  );
}

function DomainStatus({ domain }: { domain: CompanyDomain }) {
  const { t } = useTranslation('domains');
  const format = useFormatDate();
  return domain.verified_at ? (
    <StatusPill tone="green" title={format.dateTime(domain.verified_at)}>
      {t('status.verified')}
    </StatusPill>
  ) : (
    <StatusPill tone="amber">{t('status.pending')}</StatusPill>
  );
}

function DomainRecord({ domain }: { domain: CompanyDomain }) {
  const { t } = useTranslation('domains');
  return (
    <dl className="space-y-1 text-xs">
      <div>
        <dt className="text-muted">{t('record.name')}</dt>
        <dd className="font-mono break-all text-ink">{domain.record.name}</dd>
      </div>
      <div>
        <dt className="text-muted">{t('record.value')}</dt>
        <dd className="font-mono break-all text-ink">{domain.record.value}</dd>
      </div>
    </dl>
  );
}

const WIDE_ONLY = 'hidden md:table-cell align-top';

/** The company's domains, each with the TXT record that proves it; stacked in one cell on phones. */
export function DomainsTable({
  domains,
  shortname,
}: {
  domains: CompanyDomain[];
  shortname: string;
}) {
  const { t } = useTranslation('domains');
  const verify = (domain: CompanyDomain) =>
    domain.verified_at ? null : (
      <VerifyButton shortname={shortname} domain={domain} />
    );
  const columns: ColumnDef<CompanyDomain>[] = [
    {
      id: 'domain',
      header: t('columns.domain'),
      meta: { className: 'align-top' },
      cell: ({ row: { original: domain } }) => (
        <>
          <p className="font-medium break-all text-ink">{domain.domain}</p>
          <div className="mt-2 space-y-3 md:hidden">
            <DomainStatus domain={domain} />
            <DomainRecord domain={domain} />
            {verify(domain)}
          </div>
        </>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      meta: { className: WIDE_ONLY },
      cell: ({ row: { original: domain } }) => <DomainStatus domain={domain} />,
    },
    {
      id: 'record',
      header: t('columns.record'),
      meta: { className: WIDE_ONLY },
      cell: ({ row: { original: domain } }) => <DomainRecord domain={domain} />,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('columns.actions')}</span>,
      meta: { className: `${WIDE_ONLY} text-right` },
      cell: ({ row: { original: domain } }) => verify(domain),
    },
  ];
  return (
    <Table
      data={domains}
      columns={columns}
      getRowId={(domain) => String(domain.id)}
      label={t('list.title')}
      empty={
        <p className="px-4 py-8 text-center text-sm text-muted">
          {t('list.empty')}
        </p>
      }
    />
  );
}
