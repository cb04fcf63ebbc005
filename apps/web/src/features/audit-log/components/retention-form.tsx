import {
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  auditRetentionSchema,
} from '@candor/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Input } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useUpdateAuditRetention } from '../api/update-audit-retention';

/** How many days the log keeps a row; older rows are removed by the worker. */
export function RetentionForm({
  shortname,
  days,
}: {
  shortname: string;
  days: number;
}) {
  const { t } = useTranslation('audit-log');
  const errorText = useErrorText();
  const update = useUpdateAuditRetention();
  const [value, setValue] = useState(String(days));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = auditRetentionSchema.safeParse({ days: Number(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { shortname, days: parsed.data.days },
      {
        onSuccess: () => toast.success(t('retention.saved')),
        onError: (failure) =>
          setError(isApiError(failure) ? failure.message : undefined),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <Input
        label={t('retention.days')}
        hint={t('retention.hint', {
          min: AUDIT_RETENTION_MIN_DAYS,
          max: AUDIT_RETENTION_MAX_DAYS,
        })}
        type="number"
        inputMode="numeric"
        min={AUDIT_RETENTION_MIN_DAYS}
        max={AUDIT_RETENTION_MAX_DAYS}
        value={value}
        error={errorText(error)}
        onChange={(event) => setValue(event.target.value)}
        className="w-48"
      />
      <Button
        type="submit"
        variant="secondary"
        loading={update.isPending}
        disabled={value === String(days)}
        className="mb-6"
      >
        {t('actions.save', { ns: 'common' })}
      </Button>
    </form>
  );
}
