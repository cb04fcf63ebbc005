import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkSmsTemplate,
  mergeTagsFor,
  smsTemplatePreview,
  smsTemplateUpdateSchema,
  type SmsKind,
  type SmsTemplate,
  type SmsTemplateUpdate,
} from '@candor/domain';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Textarea } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import {
  useResetSmsTemplate,
  useSaveSmsTemplate,
  useSmsTemplate,
} from '../api/sms-template';

const FIELDS = ['body_text'] as const;

/** A text message template: the message, its live count of characters and parts, a preview. */
export function SmsTemplateEditor({
  shortname,
  kind,
}: {
  shortname: string;
  kind: SmsKind;
}) {
  const template = useSmsTemplate(shortname, kind);
  if (!template.data)
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-[26rem]" />
        <Skeleton className="h-[26rem]" />
      </div>
    );
  return (
    <EditorForm
      // A reset or save replaces the text: the form starts again from the reply.
      key={`${shortname}-${kind}-${template.data.body_text}`}
      shortname={shortname}
      kind={kind}
      template={template.data}
    />
  );
}

function EditorForm({
  shortname,
  kind,
  template,
}: {
  shortname: string;
  kind: SmsKind;
  template: SmsTemplate;
}) {
  const { t, i18n } = useTranslation('emails');
  const errorText = useErrorText();
  const [now] = useState(() => new Date());
  const form = useForm<SmsTemplateUpdate>({
    resolver: zodResolver(smsTemplateUpdateSchema),
    defaultValues: { body_text: template.body_text },
  });
  const bodyText = useWatch({ control: form.control, name: 'body_text' });
  const preview = smsTemplatePreview({
    kind,
    template: bodyText.trim(),
    language: i18n.language,
    organisationName: template.organisation_name,
    now,
    interviewLink: template.interview_link,
    stopLink: template.stop_link,
  });
  const check = checkSmsTemplate(bodyText.trim(), preview);
  const save = useSaveSmsTemplate();
  const reset = useResetSmsTemplate();
  const failure = save.error ?? reset.error;

  const submit = form.handleSubmit((values) => {
    // The server checks the same rule; saying so here spares a round trip.
    if (check.problem) {
      form.setError('body_text', { message: `${check.problem}.` });
      return;
    }
    save.mutate(
      { shortname, kind, body_text: values.body_text },
      {
        onSuccess: () => toast.success(t('sms.saved')),
        onError: showFieldErrors(form.setError, FIELDS),
      },
    );
  });

  const useDefault = () =>
    reset.mutate(
      { shortname, kind },
      { onSuccess: () => toast.success(t('sms.resetDone')) },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form
        className="space-y-5 rounded-lg border border-border bg-surface p-5"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <FormError>{errorText(formErrorText(failure, FIELDS))}</FormError>
        {template.is_default && (
          <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
            {t('sms.usingDefault')}
          </p>
        )}
        <div>
          <Textarea
            label={t('message')}
            rows={6}
            error={errorText(form.formState.errors.body_text?.message)}
            aria-describedby={`sms-count-${kind}`}
            {...form.register('body_text')}
          />
          <SmsCount id={`sms-count-${kind}`} check={check} />
          <p className="mt-1.5 text-xs text-muted">
            {t('tagsHint', { tags: mergeTagsFor('custom').join(' ') })}
          </p>
          <p className="mt-1 text-xs text-muted">{t('sms.endsWith')}</p>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          {!template.is_default && (
            <Button
              variant="secondary"
              loading={reset.isPending}
              onClick={useDefault}
            >
              {t('sms.useDefault')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
      <section
        aria-label={t('preview')}
        className="rounded-lg border border-border bg-slate-50 p-5 lg:self-start"
      >
        <h2 className="text-sm font-medium text-ink">{t('preview')}</h2>
        <p className="mt-1 text-xs text-muted">{t('sms.previewHint')}</p>
        <p
          className="mt-4 max-w-sm rounded-2xl rounded-bl-sm bg-white px-4 py-3 text-sm break-words whitespace-pre-wrap text-ink shadow-sm ring-1 ring-slate-200"
          data-testid="sms-preview"
        >
          {preview}
        </p>
      </section>
    </div>
  );
}

/** "142 characters · 1 part", and why a text costs more than one part when it does. */
function SmsCount({
  id,
  check,
}: {
  id: string;
  check: ReturnType<typeof checkSmsTemplate>;
}) {
  const { t } = useTranslation('emails');
  const warnings = [
    check.parts > 1 && t('sms.severalParts', { count: check.parts }),
    check.unicode &&
      (check.unicodeCharacters.length > 0
        ? t('sms.unicode', { characters: check.unicodeCharacters.join(' ') })
        : t('sms.unicodeValues')),
    check.unknownTags.length > 0 &&
      t('sms.unknownTags', { tags: check.unknownTags.join(' ') }),
  ].filter((warning): warning is string => Boolean(warning));
  return (
    <div id={id} className="mt-2 space-y-2">
      <p
        className={cn(
          'text-sm font-medium tabular-nums',
          check.problem ? 'text-danger' : 'text-slate-700',
        )}
        aria-live="polite"
        data-testid="sms-count"
      >
        {t('sms.characters', { count: check.length })} ·{' '}
        {t('sms.parts', { count: check.parts })} ·{' '}
        {check.unicode ? t('sms.ucs2') : t('sms.gsm7')}
      </p>
      {warnings.length > 0 && (
        <ul className="space-y-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {warnings.map((warning) => (
            <li key={warning} className="flex gap-2">
              <TriangleAlert
                className="mt-0.5 size-4 shrink-0 text-amber-600"
                aria-hidden
              />
              {warning}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
