import {
  auditLogFilterSchema,
  pageCount,
  type AuditLogFilter,
} from '@candor/domain';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adminSettingsPage } from '../../../components/admin-settings-page';
import { Button } from '../../../components/button';
import { Card, CardHeader, TableCard } from '../../../components/card';
import { FormError } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { Skeleton, SkeletonRows } from '../../../components/skeleton';
import { useErrorText } from '../../../lib/error-text';
import {
  AUDIT_PAGE_SIZE,
  auditLogExportUrl,
  useAuditLog,
} from '../api/get-audit-log';
import { useAuditRetention } from '../api/get-audit-retention';
import { AuditLogFilters } from '../components/audit-log-filters';
import { AuditLogTable } from '../components/audit-log-table';
import { RetentionForm } from '../components/retention-form';

/** /company-settings/audit-log: who did what in the company, for admins (decision 195). */
export default adminSettingsPage('audit-log', AuditLog);

/** The filter and page live in the address, so a filtered view can be shared and reloaded. */
function useFilterInAddress() {
  const [params, setParams] = useSearchParams();
  const parsed = auditLogFilterSchema.safeParse(Object.fromEntries(params));
  const filter: AuditLogFilter = parsed.success ? parsed.data : {};
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: AuditLogFilter, nextPage = 1) => {
    const address = new URLSearchParams();
    for (const [name, value] of Object.entries(next))
      if (value) address.set(name, value);
    if (nextPage > 1) address.set('page', String(nextPage));
    setParams(address);
  };
  return { filter, page, go };
}

function AuditLog({ shortname, back }: { shortname: string; back: ReactNode }) {
  const { t } = useTranslation('audit-log');
  const errorText = useErrorText();
  const { filter, page, go } = useFilterInAddress();
  const log = useAuditLog(shortname, filter, page);
  const retention = useAuditRetention(shortname);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        eyebrow={back}
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="secondary" asChild>
            <a href={auditLogExportUrl(shortname, filter)} download>
              <Download className="size-4" aria-hidden />
              {t('export')}
            </a>
          </Button>
        }
      />
      <Card>
        <AuditLogFilters
          key={JSON.stringify(filter)}
          filter={filter}
          onApply={(next) => go(next)}
        />
      </Card>
      <TableCard
        title={t('entries.title')}
        hint={
          log.data
            ? t('entries.count', { count: log.data.count })
            : t('entries.hint')
        }
      >
        {log.isError ? (
          <FormError>{errorText(log.error.message)}</FormError>
        ) : log.data ? (
          <AuditLogTable entries={log.data.results} />
        ) : (
          <SkeletonRows />
        )}
      </TableCard>
      {log.data && (
        <Pager
          page={page}
          totalPages={pageCount(log.data.count, AUDIT_PAGE_SIZE)}
          onPageChange={(next) => go(filter, next)}
        />
      )}
      <Card>
        <CardHeader
          title={t('retention.title')}
          description={t('retention.description')}
        />
        {retention.data ? (
          <RetentionForm
            key={retention.data.days}
            shortname={shortname}
            days={retention.data.days}
          />
        ) : (
          <Skeleton className="h-10 w-48" />
        )}
      </Card>
    </div>
  );
}
