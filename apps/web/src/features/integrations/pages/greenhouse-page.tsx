import {
  GREENHOUSE_CALLS_SHOWN,
  type GreenhouseConnection,
} from '@candor/domain';
import { Check, Copy, KeyRound, Power } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSettingsPage } from '../../../components/admin-settings-page';
import { Button } from '../../../components/button';
import { Card, CardHeader, TableCard } from '../../../components/card';
import { confirm } from '../../../components/confirm-dialog';
import { Checkbox, FormError, Textarea } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { SkeletonRows } from '../../../components/skeleton';
import { StatusPill } from '../../../components/status-pill';
import { Table, type ColumnDef } from '../../../components/table';
import { useErrorText } from '../../../lib/error-text';
import { useFormatDate } from '../../../lib/format-date';
import { useCreateGreenhouseKey } from '../api/create-greenhouse-key';
import { useGreenhouse } from '../api/get-greenhouse';
import { useSetGreenhouseRatings } from '../api/set-greenhouse-ratings';
import { useTurnOffGreenhouse } from '../api/turn-off-greenhouse';

/** /company-settings/integrations/greenhouse: Candor as a Greenhouse assessment partner. */
export default function GreenhousePage() {
  const { t } = useTranslation('integrations');
  return (
    <AdminSettingsPage
      title={t('greenhouse.title')}
      backLabel={t('backToSettings')}
      refusal={t('adminsOnly')}
    >
      {(shortname, back) => <Greenhouse shortname={shortname} back={back} />}
    </AdminSettingsPage>
  );
}

function Greenhouse({
  shortname,
  back,
}: {
  shortname: string;
  back: ReactNode;
}) {
  const { t } = useTranslation('integrations');
  const errorText = useErrorText();
  const format = useFormatDate();
  const connection = useGreenhouse(shortname);
  const create = useCreateGreenhouseKey();
  const turnOff = useTurnOffGreenhouse();
  const ratings = useSetGreenhouseRatings();
  const [key, setKey] = useState<string | null>(null);
  // The box shows the choice in the same render as the click; a refusal puts back the server's.
  const [ratingsShown, setRatingsShown] = useState<boolean | null>(null);
  const enabled = connection.data?.enabled ?? false;

  const giveKey = async () => {
    if (
      enabled &&
      !(await confirm({
        title: t('greenhouse.newKey.title'),
        description: t('greenhouse.newKey.description'),
        actionLabel: t('greenhouse.newKey.action'),
        tone: 'danger',
      }))
    )
      return;
    setKey((await create.mutateAsync(shortname)).key);
  };
  const stop = async () => {
    if (
      !(await confirm({
        title: t('greenhouse.off.title'),
        description: t('greenhouse.off.description'),
        actionLabel: t('greenhouse.off.action'),
        tone: 'danger',
      }))
    )
      return;
    await turnOff.mutateAsync(shortname);
    setKey(null);
  };
  const failure = create.error ?? turnOff.error ?? ratings.error;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        eyebrow={back}
        title={t('greenhouse.title')}
        description={t('greenhouse.description')}
        actions={
          connection.data &&
          (enabled ? (
            <>
              <Button
                variant="secondary"
                onClick={() => void giveKey()}
                disabled={create.isPending}
              >
                <KeyRound className="size-4" aria-hidden />
                {t('greenhouse.newKey.open')}
              </Button>
              <Button
                variant="danger"
                onClick={() => void stop()}
                disabled={turnOff.isPending}
              >
                <Power className="size-4" aria-hidden />
                {t('greenhouse.off.open')}
              </Button>
            </>
          ) : (
            <Button onClick={() => void giveKey()} disabled={create.isPending}>
              <Power className="size-4" aria-hidden />
              {t('greenhouse.on')}
            </Button>
          ))
        }
      />
      {failure && <FormError>{errorText(failure.message)}</FormError>}
      {connection.isError ? (
        <FormError>{errorText(connection.error.message)}</FormError>
      ) : !connection.data ? (
        <SkeletonRows />
      ) : (
        <>
          {key && <NewKey secret={key} />}
          <Card>
            <CardHeader
              title={t('greenhouse.status.title')}
              actions={
                <StatusPill tone={enabled ? 'green' : 'grey'}>
                  {enabled
                    ? t('greenhouse.status.on')
                    : t('greenhouse.status.off')}
                </StatusPill>
              }
            />
            <p className="text-sm text-slate-700">
              {enabled && connection.data.created_at
                ? t('greenhouse.status.key', {
                    prefix: connection.data.prefix,
                    date: format.dateTime(connection.data.created_at),
                  })
                : t('greenhouse.status.none')}
            </p>
            <Checkbox
              className="mt-5"
              label={t('greenhouse.ratings.label')}
              hint={t('greenhouse.ratings.hint')}
              checked={ratingsShown ?? connection.data.send_ratings}
              disabled={!enabled || ratings.isPending}
              onChange={(event) => {
                const sendRatings = event.currentTarget.checked;
                setRatingsShown(sendRatings);
                ratings.mutate(
                  { shortname, sendRatings },
                  { onSettled: () => setRatingsShown(null) },
                );
              }}
            />
          </Card>
          <TableCard
            title={t('greenhouse.calls.title')}
            hint={t('greenhouse.calls.hint', { count: GREENHOUSE_CALLS_SHOWN })}
          >
            <CallsTable calls={connection.data.calls} />
          </TableCard>
        </>
      )}
    </div>
  );
}

/** The key, this once: copied from here or never seen again. */
function NewKey({ secret }: { secret: string }) {
  const { t } = useTranslation('integrations');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Card className="space-y-3" role="status">
      <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {t('greenhouse.key.once')}
      </p>
      <Textarea
        label={t('greenhouse.key.label')}
        readOnly
        rows={2}
        spellCheck={false}
        value={secret}
        data-testid="greenhouse-key"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? (
          <Check className="size-4" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )}
        {copied ? t('greenhouse.key.copied') : t('greenhouse.key.copy')}
      </Button>
      <p className="text-sm text-muted">{t('greenhouse.key.usage')}</p>
    </Card>
  );
}

type Call = GreenhouseConnection['calls'][number];

function CallsTable({ calls }: { calls: Call[] }) {
  const { t } = useTranslation('integrations');
  const format = useFormatDate();
  const columns: ColumnDef<Call>[] = [
    {
      id: 'at',
      header: t('greenhouse.calls.at'),
      meta: { className: 'whitespace-nowrap text-slate-700' },
      cell: ({ row }) => format.dateTime(row.original.at),
    },
    {
      id: 'endpoint',
      header: t('greenhouse.calls.endpoint'),
      cell: ({ row }) => (
        <span className="font-mono text-xs text-ink">
          {row.original.endpoint}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('greenhouse.calls.status'),
      cell: ({ row }) => (
        <StatusPill
          tone={
            row.original.status < 300
              ? 'green'
              : row.original.status < 500
                ? 'amber'
                : 'red'
          }
        >
          {row.original.status}
        </StatusPill>
      ),
    },
  ];
  return (
    <Table
      data={calls}
      columns={columns}
      getRowId={(call) => `${call.at}-${call.endpoint}-${call.status}`}
      label={t('greenhouse.calls.title')}
      empty={
        <p className="px-4 py-8 text-center text-sm text-muted">
          {t('greenhouse.calls.empty')}
        </p>
      }
    />
  );
}
