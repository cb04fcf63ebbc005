import { API_KEY_LOG_SHOWN } from '@candor/domain';
import { BookOpen, KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { TableCard } from '../../../components/card';
import { FormError } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { adminSettingsPage } from '../../../components/admin-settings-page';
import { SkeletonRows } from '../../../components/skeleton';
import { useErrorText } from '../../../lib/error-text';
import { useApiKeys } from '../api/get-api-keys';
import { useKeyRequests } from '../api/get-key-requests';
import { CreateKeyDialog } from '../components/create-key-dialog';
import { KeysTable } from '../components/keys-table';
import { RequestsTable } from '../components/requests-table';

/** /company-settings/api-keys: the company's keys and their requests, for admins (decision 149). */
export default adminSettingsPage('api-keys', ApiKeys);

function ApiKeys({ shortname, back }: { shortname: string; back: ReactNode }) {
  const { t } = useTranslation('api-keys');
  const errorText = useErrorText();
  const [creating, setCreating] = useState(false);
  const keys = useApiKeys(shortname);
  const requests = useKeyRequests(shortname);
  const open = () => setCreating(true);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        eyebrow={back}
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button variant="secondary" asChild>
              <a href="/api/docs" target="_blank" rel="noreferrer">
                <BookOpen className="size-4" aria-hidden />
                {t('reference')}
              </a>
            </Button>
            <Button onClick={open}>
              <KeyRound className="size-4" aria-hidden />
              {t('create.open')}
            </Button>
          </>
        }
      />
      <TableCard title={t('keys.title')} hint={t('keys.hint')}>
        {keys.isError ? (
          <FormError>{errorText(keys.error.message)}</FormError>
        ) : keys.data ? (
          <KeysTable
            keys={keys.data.results}
            shortname={shortname}
            onCreate={open}
          />
        ) : (
          <SkeletonRows />
        )}
      </TableCard>
      <TableCard
        title={t('requests.title')}
        hint={t('requests.hint', { count: API_KEY_LOG_SHOWN })}
      >
        {requests.isError ? (
          <FormError>{errorText(requests.error.message)}</FormError>
        ) : requests.data ? (
          <RequestsTable requests={requests.data.results} />
        ) : (
          <SkeletonRows />
        )}
      </TableCard>
      <CreateKeyDialog
        open={creating}
        onOpenChange={setCreating}
        shortname={shortname}
      />
    </div>
  );
}
