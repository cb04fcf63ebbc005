import {
  availableBulkColumns,
  checkBulkColumns,
  checkBulkUser,
  guessBulkColumns,
  looksLikeHeader,
  rowErrorSummary,
  rowToUser,
  type BulkColumn,
} from '@candor/domain';
import { Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Textarea } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { useAddApplications } from '../api/add-applications';
import { useParseCsv } from '../api/parse-csv';

const SHOWN_ROWS = 500;

/** Server errors keyed "{row}.{field}" or "{row}" (a general one), as the add route replies. */
function errorsByRow(fields: Record<string, string[]>): Map<number, string[]> {
  const rows = new Map<number, string[]>();
  for (const [key, messages] of Object.entries(fields)) {
    const row = Number(key.split('.')[0]);
    if (Number.isInteger(row))
      rows.set(row, [...(rows.get(row) ?? []), ...messages]);
  }
  return rows;
}

/**
 * Bulk add in two states: input (paste or upload), then parse (choose a field per column,
 * pick rows, see per-row errors and the summary, add). The server parses and checks.
 */
export function BulkAddDialog({
  jobId,
  smsEnabled,
  onClose,
}: {
  jobId: number;
  smsEnabled: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<string[][] | null>(null);
  const [choices, setChoices] = useState<(BulkColumn | null)[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Map<number, string[]>>(
    new Map(),
  );
  const parse = useParseCsv();
  const add = useAddApplications();

  const startParse = () => {
    const input = file ?? text;
    parse.mutate(input, {
      onSuccess: ({ rows: parsed }) => {
        const header = parsed[0] && looksLikeHeader(parsed[0], { smsEnabled });
        const width = Math.max(...parsed.map((row) => row.length));
        const guessed = header
          ? guessBulkColumns(parsed[0] ?? [], { smsEnabled })
          : [];
        const defaults: (BulkColumn | null)[] = [
          'first_name',
          'last_name',
          'email',
        ];
        setChoices(
          Array.from({ length: width }, (_, index) =>
            header ? (guessed[index] ?? null) : (defaults[index] ?? null),
          ),
        );
        setSelected(
          new Set(
            parsed
              .map((_, index) => index)
              .filter((index) => !(header && index === 0)),
          ),
        );
        setServerErrors(new Map());
        setRows(parsed);
      },
    });
  };

  const columnCheck = checkBulkColumns(choices, { smsEnabled });
  const clientErrors = useMemo(() => {
    const map = new Map<number, string[]>();
    if (!rows || !columnCheck.ok) return map;
    for (const index of selected) {
      const messages = Object.values(
        checkBulkUser(rowToUser(rows[index] ?? [], choices)),
      );
      if (messages.length > 0) map.set(index + 1, messages);
    }
    return map;
  }, [rows, choices, selected, columnCheck.ok]);
  const rowErrors = new Map([...clientErrors, ...serverErrors]);
  const errorRows = [...rowErrors.keys()].sort((a, b) => a - b);

  const submit = () => {
    if (!rows) return;
    const list = [...selected]
      .sort((a, b) => a - b)
      .map((index) => ({
        row: index + 1,
        user: rowToUser(rows[index] ?? [], choices),
      }));
    add.mutate(
      { jobId, rows: list },
      {
        onSuccess: ({ added }) => {
          toast.success(t('bulk.added', { count: added }));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error)) setServerErrors(errorsByRow(error.fields));
          toast.error(t('bulk.error'));
        },
      },
    );
  };

  const options = [
    { value: '', label: t('bulk.ignore') },
    ...availableBulkColumns({ smsEnabled }).map((column) => ({
      value: column,
      label: t(`fields.${column}`),
    })),
  ];
  const toggle = (index: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  const footer = rows ? (
    <>
      <Button variant="secondary" onClick={() => setRows(null)}>
        {t('bulk.back')}
      </Button>
      <Button
        disabled={!columnCheck.ok || selected.size === 0}
        loading={add.isPending}
        onClick={submit}
      >
        {t('bulk.add', { count: selected.size })}
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose}>
        {t('actions.cancel', { ns: 'common' })}
      </Button>
      <Button
        disabled={!file && text.trim() === ''}
        loading={parse.isPending}
        onClick={startParse}
      >
        {t('bulk.parse')}
      </Button>
    </>
  );

  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={t('bulk.title')}
      description={t('bulk.description')}
      footer={footer}
    >
      {!rows ? (
        <div className="space-y-4">
          {parse.error && <FormError>{parse.error.message}</FormError>}
          <Textarea
            label={t('bulk.paste')}
            rows={8}
            value={text}
            placeholder={t('bulk.pastePlaceholder')}
            onChange={(event) => setText(event.target.value)}
            disabled={file !== null}
            className="font-mono text-sm"
          />
          <div>
            <p className="mb-1.5 text-sm font-medium text-ink">
              {t('bulk.upload')}
            </p>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm hover:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600">
              <Upload className="size-5 text-slate-500" aria-hidden />
              <span className="min-w-0 flex-1 truncate">
                {file ? file.name : t('bulk.uploadHint')}
              </span>
              <input
                type="file"
                accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="sr-only"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </label>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-muted">
            {t('bulk.rowsChosen', {
              selected: selected.size,
              total: rows.length,
            })}
          </p>
          {!columnCheck.ok && (
            <FormError>
              {columnCheck.missing.length > 0 && (
                <span className="block">
                  {t('bulk.missing', {
                    fields: columnCheck.missing
                      .map((field) => t(`fields.${field}`))
                      .join(', '),
                  })}
                </span>
              )}
              {columnCheck.duplicates.length > 0 && (
                <span className="block">
                  {t('bulk.duplicates', {
                    fields: columnCheck.duplicates
                      .map((field) => t(`fields.${field}`))
                      .join(', '),
                  })}
                </span>
              )}
              {columnCheck.phoneNotAllowed && (
                <span className="block">{t('bulk.phoneNotAllowed')}</span>
              )}
            </FormError>
          )}
          <div className="max-h-[50vh] overflow-auto rounded-lg border border-border">
            <table className="min-w-full text-sm">
              <thead className="sticky top-0 z-10 bg-slate-50">
                <tr>
                  <th
                    scope="col"
                    className="w-10 px-3 py-2 text-left font-medium text-muted"
                  >
                    {t('bulk.row')}
                  </th>
                  {choices.map((choice, index) => (
                    <th key={index} scope="col" className="px-2 py-2 text-left">
                      <select
                        aria-label={t('bulk.column', { n: index + 1 })}
                        value={choice ?? ''}
                        onChange={(event) => {
                          const value = (event.target.value ||
                            null) as BulkColumn | null;
                          setChoices((current) =>
                            current.map((old, position) =>
                              position === index ? value : old,
                            ),
                          );
                          setServerErrors(new Map());
                        }}
                        className={cn(
                          'w-full min-w-32 rounded-md border bg-surface px-2 py-1.5 text-sm font-medium',
                          choice && columnCheck.duplicates.includes(choice)
                            ? 'border-red-500'
                            : 'border-border',
                        )}
                      >
                        {options.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN_ROWS).map((row, index) => {
                  const errors = rowErrors.get(index + 1);
                  return (
                    <tr
                      key={index}
                      className={cn(
                        'border-t border-border',
                        errors && 'bg-red-50/60',
                        !selected.has(index) && 'text-slate-400',
                      )}
                    >
                      <td className="px-3 py-2 align-top">
                        <label className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            className="size-4 accent-brand-700"
                            checked={selected.has(index)}
                            onChange={() => toggle(index)}
                          />
                          <span className="tabular-nums">{index + 1}</span>
                        </label>
                      </td>
                      {choices.map((_, cell) => (
                        <td key={cell} className="px-3 py-2 align-top">
                          {row[cell]}
                          {cell === 0 && errors && (
                            <ul className="mt-1 text-xs text-danger">
                              {errors.map((message) => (
                                <li key={message}>{errorText(message)}</li>
                              ))}
                            </ul>
                          )}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {errorRows.length > 0 && (
            <p role="alert" className="text-sm font-medium text-danger">
              {rowErrorSummary(errorRows)}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
