import {
  availableBulkColumns,
  checkBulkColumns,
  checkBulkUser,
  guessBulkColumns,
  looksLikeHeader,
  rowToUser,
  type BulkColumn,
} from '@candor/domain';
import { Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Textarea } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { Table, type ColumnDef } from '../../../components/table';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { useAddApplications } from '../api/add-applications';
import { useParseCsv } from '../api/parse-csv';

const SHOWN_ROWS = 500;

/** One error of a row: of the field a column holds, or of the whole row (`field` null). */
type RowError = { field: string | null; message: string };

/** Server errors keyed "{row}.{field}" or "{row}" (a general one), as the add route replies. */
function errorsByRow(
  fields: Record<string, string[]>,
): Map<number, RowError[]> {
  const rows = new Map<number, RowError[]>();
  for (const [key, messages] of Object.entries(fields)) {
    const [rowText, field] = key.split('.');
    const row = Number(rowText);
    if (Number.isInteger(row))
      rows.set(row, [
        ...(rows.get(row) ?? []),
        ...messages.map((message) => ({ field: field ?? null, message })),
      ]);
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
  const { t, i18n } = useTranslation('applications');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<string[][] | null>(null);
  const [choices, setChoices] = useState<(BulkColumn | null)[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Map<number, RowError[]>>(
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
    const map = new Map<number, RowError[]>();
    if (!rows || !columnCheck.ok) return map;
    for (const index of selected) {
      const errors = Object.entries(
        checkBulkUser(rowToUser(rows[index] ?? [], choices)),
      ).map(([field, message]) => ({ field, message }));
      if (errors.length > 0) map.set(index + 1, errors);
    }
    return map;
  }, [rows, choices, selected, columnCheck.ok]);
  const rowErrors = new Map([...clientErrors, ...serverErrors]);
  // Only the rows being added count: a row left out may keep the error it had.
  const errorRows = [...rowErrors.keys()]
    .filter((row) => selected.has(row - 1))
    .sort((a, b) => a - b);

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
        disabled={
          !columnCheck.ok || selected.size === 0 || errorRows.length > 0
        }
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

  const columns: ColumnDef<string[]>[] = [
    {
      id: 'row',
      header: t('bulk.row'),
      meta: { className: 'w-10' },
      cell: ({ row }) => (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            aria-label={t('bulk.include', { n: row.index + 1 })}
            checked={selected.has(row.index)}
            onChange={() => toggle(row.index)}
          />
          <span className="tabular-nums" aria-hidden>
            {row.index + 1}
          </span>
        </label>
      ),
    },
    ...choices.map((choice, index): ColumnDef<string[]> => ({
      id: `column-${index}`,
      meta: { headerClassName: 'normal-case' },
      header: () => (
        <select
          aria-label={t('bulk.column', { n: index + 1 })}
          value={choice ?? ''}
          onChange={(event) => {
            const value = (event.target.value || null) as BulkColumn | null;
            setChoices((current) =>
              current.map((old, position) =>
                position === index ? value : old,
              ),
            );
            setServerErrors(new Map());
          }}
          className={cn(
            'w-full min-w-32 rounded-md border bg-surface px-2 py-1.5 text-sm font-medium text-ink',
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
      ),
      cell: ({ row }) => (
        <>
          {row.original[index]}
          <CellErrors
            errors={rowErrors.get(row.index + 1)?.filter(
              (error) =>
                error.field === choice ||
                // An error of no column goes under the first.
                (index === 0 &&
                  (error.field === null ||
                    !choices.includes(error.field as BulkColumn))),
            )}
            text={errorText}
          />
        </>
      ),
    })),
  ];

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
            <Table
              data={rows.slice(0, SHOWN_ROWS)}
              columns={columns}
              density="compact"
              className="min-w-full"
              rowProps={(row) => ({
                className: cn(
                  rowErrors.get(row.index + 1) && 'bg-red-50/60',
                  !selected.has(row.index) && 'text-slate-400',
                ),
              })}
            />
          </div>
          {errorRows.length > 0 && (
            <p role="alert" className="text-sm font-medium text-danger">
              {t('bulk.rowErrors', {
                count: errorRows.length,
                rows: new Intl.ListFormat(i18n.language, {
                  type: 'conjunction',
                }).format(errorRows.map(String)),
              })}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}

function CellErrors({
  errors,
  text,
}: {
  errors: RowError[] | undefined;
  text: ReturnType<typeof useErrorText>;
}) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul className="mt-1 text-xs text-danger">
      {errors.map((error) => (
        <li key={`${error.field}-${error.message}`}>{text(error.message)}</li>
      ))}
    </ul>
  );
}
