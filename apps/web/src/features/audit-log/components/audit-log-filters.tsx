import { AUDIT_ACTIONS, type AuditLogFilter } from '@candor/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Input, Select } from '../../../components/form-field';

/** What to show: one action, an actor's name, the first and last day; applied on submit. */
export function AuditLogFilters({
  filter,
  onApply,
}: {
  filter: AuditLogFilter;
  onApply: (filter: AuditLogFilter) => void;
}) {
  const { t } = useTranslation('audit-log');
  const [draft, setDraft] = useState(filter);
  const set = (change: Partial<AuditLogFilter>) =>
    setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    setDraft({});
    onApply({});
  };
  const filtered = Object.values(filter).some(Boolean);
  return (
    <form
      onSubmit={submit}
      aria-label={t('filters.label')}
      className="grid grid-cols-2 gap-3 lg:grid-cols-[1.4fr_1fr_0.8fr_0.8fr_auto] lg:items-end"
    >
      <Select
        label={t('filters.action')}
        className="col-span-2 lg:col-span-1"
        value={draft.action ?? ''}
        onChange={(event) =>
          set({
            action: (AUDIT_ACTIONS as readonly string[]).includes(
              event.target.value,
            )
              ? (event.target.value as AuditLogFilter['action'])
              : undefined,
          })
        }
        options={[
          { value: '', label: t('filters.anyAction') },
          ...AUDIT_ACTIONS.map((action) => ({
            value: action,
            label: t(`actionNames.${action}`),
          })),
        ]}
      />
      <Input
        label={t('filters.actor')}
        className="col-span-2 lg:col-span-1"
        placeholder={t('filters.actorPlaceholder')}
        value={draft.actor ?? ''}
        maxLength={100}
        onChange={(event) => set({ actor: event.target.value || undefined })}
      />
      <Input
        label={t('filters.from')}
        type="date"
        value={draft.from ?? ''}
        max={draft.to}
        onChange={(event) => set({ from: event.target.value || undefined })}
      />
      <Input
        label={t('filters.to')}
        type="date"
        value={draft.to ?? ''}
        min={draft.from}
        onChange={(event) => set({ to: event.target.value || undefined })}
      />
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <Button type="submit">{t('filters.apply')}</Button>
        {filtered && (
          <Button variant="ghost" onClick={clear}>
            {t('filters.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}
