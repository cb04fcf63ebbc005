import { pageCount } from '@candor/domain';
import { Webhook } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card, TableCard } from '../../../components/card';
import { FormError } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { adminSettingsPage } from '../../../components/admin-settings-page';
import { Pager } from '../../../components/pager';
import { Skeleton, SkeletonRows } from '../../../components/skeleton';
import { useErrorText } from '../../../lib/error-text';
import { DELIVERIES_PAGE_SIZE, useDeliveries } from '../api/get-deliveries';
import { useWebhook } from '../api/get-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { CreateEndpointDialog } from '../components/create-endpoint-dialog';
import { DeliveriesTable } from '../components/deliveries-table';
import { EndpointsTable } from '../components/endpoints-table';
import { SigningSecret } from '../components/signing-secret';

/** /company-settings/webhooks: endpoints, their secrets and delivery logs, for admins (decision 151). */
export default adminSettingsPage('webhooks', Webhooks);

function Webhooks({ shortname, back }: { shortname: string; back: ReactNode }) {
  const { t } = useTranslation('webhooks');
  const errorText = useErrorText();
  const [creating, setCreating] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const endpoints = useWebhooks(shortname);
  const list = endpoints.data?.results ?? [];
  // The chosen endpoint while it exists, else the first.
  const selected =
    list.find((endpoint) => endpoint.id === chosen) ?? list[0] ?? null;
  const open = () => setCreating(true);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        eyebrow={back}
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={open}>
            <Webhook className="size-4" aria-hidden />
            {t('create.open')}
          </Button>
        }
      />
      <TableCard title={t('endpoints.title')} hint={t('endpoints.hint')}>
        {endpoints.isError ? (
          <FormError>{errorText(endpoints.error.message)}</FormError>
        ) : endpoints.data ? (
          <EndpointsTable
            endpoints={list}
            shortname={shortname}
            selectedId={selected?.id ?? null}
            onSelect={setChosen}
            onCreate={open}
          />
        ) : (
          <SkeletonRows />
        )}
      </TableCard>
      {selected && (
        <EndpointLog
          key={selected.id}
          shortname={shortname}
          endpointId={selected.id}
          url={selected.url}
        />
      )}
      <CreateEndpointDialog
        open={creating}
        onOpenChange={setCreating}
        shortname={shortname}
        onCreated={(endpoint) => setChosen(endpoint.id)}
      />
    </div>
  );
}

/** The chosen endpoint's secret (on request) and its deliveries. */
function EndpointLog({
  shortname,
  endpointId,
  url,
}: {
  shortname: string;
  endpointId: number;
  url: string;
}) {
  const { t } = useTranslation('webhooks');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [showSecret, setShowSecret] = useState(false);
  const deliveries = useDeliveries({ shortname, id: endpointId, page });
  const detail = useWebhook(shortname, endpointId, showSecret);
  return (
    <section aria-labelledby="webhook-log-title" className="space-y-4">
      <Card padding="none" className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-border px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2
              id="webhook-log-title"
              className="text-sm font-semibold text-ink"
            >
              {t('log.title')}
            </h2>
            <p className="font-mono text-sm break-all text-muted">{url}</p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showSecret}
            onClick={() => setShowSecret((shown) => !shown)}
          >
            {t(showSecret ? 'secret.hide' : 'secret.show')}
          </Button>
        </div>
        {showSecret && (
          <div className="border-b border-border px-4 py-3">
            {detail.data ? (
              <SigningSecret secret={detail.data.secret} />
            ) : detail.isError ? (
              <FormError>{errorText(detail.error.message)}</FormError>
            ) : (
              <Skeleton className="h-10 w-full" />
            )}
          </div>
        )}
        {deliveries.isError ? (
          <div className="p-4">
            <FormError>{errorText(deliveries.error.message)}</FormError>
          </div>
        ) : deliveries.data ? (
          <DeliveriesTable
            deliveries={deliveries.data.results}
            shortname={shortname}
            endpointId={endpointId}
          />
        ) : (
          <SkeletonRows />
        )}
      </Card>
      {deliveries.data && (
        <Pager
          page={page}
          totalPages={pageCount(deliveries.data.count, DELIVERIES_PAGE_SIZE)}
          onPageChange={setPage}
        />
      )}
    </section>
  );
}
