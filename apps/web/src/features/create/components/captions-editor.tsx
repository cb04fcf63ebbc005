import {
  CaptionsError,
  formatEditorTime,
  parseEditorTime,
  parseWebVtt,
  toWebVtt,
  type Cue,
} from '@candor/domain';
import { Plus, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import {
  fetchQuestionCaptions,
  useSaveQuestionCaptions,
} from '../api/question-mutations';

type Row = { start: string; end: string; text: string };

const EMPTY_ROW: Row = { start: '0:00.0', end: '0:04.0', text: '' };

function rowsOf(cues: readonly Cue[]): Row[] {
  return cues.map((cue) => ({
    start: formatEditorTime(cue.start),
    end: formatEditorTime(cue.end),
    text: cue.text,
  }));
}

/**
 * A video question's captions (issue 47, decision 199), typed as a time and text per line or
 * taken from a WebVTT file; saved as WebVTT. The server checks them again and names the line.
 */
export function CaptionsEditor(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jobId: number;
  questionUrl: string;
  questionNumber: number;
}) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const save = useSaveQuestionCaptions();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileId = useId();

  useEffect(() => {
    if (!props.open) return;
    let current = true;
    fetchQuestionCaptions(props.questionUrl)
      .then((vtt) => {
        if (current) setRows(vtt ? rowsOf(parseWebVtt(vtt)) : [EMPTY_ROW]);
      })
      .catch(() => {
        if (current) setRows([EMPTY_ROW]);
      });
    return () => {
      current = false;
    };
  }, [props.open, props.questionUrl]);

  const change = (index: number, field: keyof Row, value: string) => {
    setProblem(null);
    setRows((current) =>
      (current ?? []).map((row, at) =>
        at === index ? { ...row, [field]: value } : row,
      ),
    );
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setRows(rowsOf(parseWebVtt(await file.text())));
      setProblem(null);
    } catch (error) {
      setProblem(
        error instanceof CaptionsError ? error.message : String(error),
      );
    }
  };

  const submit = () => {
    const cues: Cue[] = [];
    for (const [index, row] of (rows ?? []).entries()) {
      const start = parseEditorTime(row.start);
      const end = parseEditorTime(row.end);
      if (start === null || end === null)
        return setProblem(t('captions.badTime', { row: index + 1 }));
      if (!row.text.trim())
        return setProblem(t('captions.noText', { row: index + 1 }));
      cues.push({ start, end, text: row.text.trim() });
    }
    if (cues.length === 0) return setProblem(t('captions.none'));
    setProblem(null);
    save.mutate(
      { jobId: props.jobId, url: props.questionUrl, vtt: toWebVtt(cues) },
      { onSuccess: () => props.onOpenChange(false) },
    );
  };

  const shown = problem ?? (save.error ? errorText(save.error.message) : null);
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('captions.title', { number: props.questionNumber })}
      description={t('captions.description')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!rows}>
            {t('captions.save')}
          </Button>
        </>
      }
    >
      {rows === null ? (
        <p className="text-sm text-muted">{t('captions.loading')}</p>
      ) : (
        <div className="space-y-3">
          <ol className="space-y-3">
            {rows.map((row, index) => (
              <li
                key={index}
                className="grid grid-cols-[1fr_1fr_auto] gap-2 rounded-lg border border-border p-3 sm:grid-cols-[6rem_6rem_1fr_auto]"
              >
                {(['start', 'end', 'text'] as const).map((field) => (
                  <label
                    key={field}
                    className={cn(
                      'text-xs font-medium text-slate-700',
                      field === 'text' &&
                        'col-span-3 row-start-2 sm:col-span-1 sm:row-start-1',
                    )}
                  >
                    {t(`captions.${field}`, { row: index + 1 })}
                    <input
                      value={row[field]}
                      onChange={(event) =>
                        change(index, field, event.target.value)
                      }
                      inputMode={field === 'text' ? undefined : 'decimal'}
                      className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm tabular-nums"
                    />
                  </label>
                ))}
                <Button
                  variant="ghost"
                  size="sm"
                  className="col-start-3 row-start-1 self-end sm:col-start-4"
                  aria-label={t('captions.remove', { row: index + 1 })}
                  onClick={() =>
                    setRows((current) =>
                      (current ?? []).filter((_, at) => at !== index),
                    )
                  }
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                const last = rows.at(-1);
                const from = last ? (parseEditorTime(last.end) ?? 0) : 0;
                setRows([
                  ...rows,
                  {
                    start: formatEditorTime(from),
                    end: formatEditorTime(from + 4),
                    text: '',
                  },
                ]);
              }}
            >
              <Plus className="size-4" aria-hidden />
              {t('captions.add')}
            </Button>
            <label
              htmlFor={fileId}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-surface px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <Upload className="size-4" aria-hidden />
              {t('captions.upload')}
              <input
                id={fileId}
                type="file"
                accept=".vtt,text/vtt"
                className="sr-only"
                onChange={(event) => void readFile(event)}
              />
            </label>
          </div>
          {shown && <FormError>{shown}</FormError>}
        </div>
      )}
    </Modal>
  );
}
