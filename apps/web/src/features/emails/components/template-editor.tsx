import {
  mergeTagsFor,
  type DefaultEmail,
  type EmailType,
} from '@candor/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import {
  Checkbox,
  FormError,
  Input,
  Select,
} from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import {
  useDefaultEmail,
  useEmailPreview,
  useSaveDefaultEmail,
} from '../api/default-email';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

type Draft = Pick<
  DefaultEmail,
  'subject' | 'body_text' | 'from_name' | 'reply_to_email' | 'promote_practice'
>;

/** Preview pane plus the form: Sender name, Reply to email, Message, practice promotion, Save. */
export function TemplateEditor({
  shortname,
  type,
  jobId,
}: {
  shortname: string;
  type: EmailType;
  /** The interview whose e-mail step this is: the preview shows it instead of the samples. */
  jobId?: number;
}) {
  const email = useDefaultEmail(shortname, type);
  if (!email.data) {
    return (
      // As tall as the loaded form and preview, so the step's Next does not move under the pointer.
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-[39rem]" />
        <Skeleton className="h-[39rem]" />
      </div>
    );
  }
  return (
    <EditorForm
      key={`${shortname}-${type}`}
      shortname={shortname}
      type={type}
      email={email.data}
      jobId={jobId}
    />
  );
}

function EditorForm({
  shortname,
  type,
  email,
  jobId,
}: {
  shortname: string;
  type: EmailType;
  email: DefaultEmail;
  jobId: number | undefined;
}) {
  const { t } = useTranslation('emails');
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>({
    subject: email.subject,
    body_text: email.body_text,
    from_name: email.from_name,
    reply_to_email: email.reply_to_email,
    promote_practice: email.promote_practice,
  });
  const [debounced, setDebounced] = useState(draft);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(draft), 400);
    return () => clearTimeout(timer);
  }, [draft]);
  const preview = useEmailPreview(shortname, {
    type,
    subject: debounced.subject,
    body_text: debounced.body_text,
    promote_practice: debounced.promote_practice,
    ...(jobId === undefined ? {} : { job: jobId }),
  });
  const save = useSaveDefaultEmail();
  const fieldError = (field: string) =>
    isApiError(save.error)
      ? errorText(save.error.fieldMessage(field))
      : undefined;
  const set = (change: Partial<Draft>) =>
    setDraft((current) => ({ ...current, ...change }));
  const senders = email.sender_choices.includes(draft.from_name)
    ? email.sender_choices
    : [draft.from_name, ...email.sender_choices];

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form
        className="space-y-5 rounded-lg border border-border bg-surface p-5"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { shortname, type, ...draft },
            { onSuccess: () => toast.success(t('saved')) },
          );
        }}
      >
        {save.error && !isApiError(save.error) && (
          <FormError>{save.error.message}</FormError>
        )}
        <Select
          label={t('senderName')}
          value={draft.from_name}
          options={senders.map((name) => ({ value: name, label: name }))}
          onChange={(event) => set({ from_name: event.target.value })}
          error={fieldError('from_name')}
        />
        <Input
          label={t('replyTo')}
          hint={t('optional')}
          type="email"
          value={draft.reply_to_email}
          onChange={(event) => set({ reply_to_email: event.target.value })}
          error={fieldError('reply_to_email')}
        />
        <Input
          label={t('subject')}
          value={draft.subject}
          onChange={(event) => set({ subject: event.target.value })}
          error={fieldError('subject')}
        />
        <div>
          <label
            htmlFor={`message-${type}`}
            className="mb-1.5 block text-sm font-medium text-ink"
          >
            {t('message')}
          </label>
          <Suspense fallback={<Skeleton className="h-[248px]" />}>
            <RichTextEditor
              id={`message-${type}`}
              value={draft.body_text}
              onChange={(html) => set({ body_text: html })}
              insertTags={mergeTagsFor(type)}
            />
          </Suspense>
          {fieldError('body_text') && (
            <p className="mt-1 text-sm text-danger">
              {fieldError('body_text')}
            </p>
          )}
          <p className="mt-1.5 text-xs text-muted">
            {t('tagsHint', { tags: mergeTagsFor(type).join(' ') })}
          </p>
        </div>
        {type === 'invitation' && (
          <Checkbox
            label={t('promotePractice')}
            checked={draft.promote_practice}
            onChange={(event) =>
              set({ promote_practice: event.target.checked })
            }
          />
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
      <section
        aria-label={t('preview')}
        className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface"
      >
        <div className="border-b border-border px-4 py-3 text-sm">
          <div className="text-muted">
            {t('from')}: <span className="text-ink">{draft.from_name}</span>
          </div>
          <div className="font-medium text-ink">
            {preview.data?.subject ?? draft.subject}
          </div>
        </div>
        {preview.data ? (
          <iframe
            title={t('preview')}
            sandbox=""
            srcDoc={preview.data.html}
            className="min-h-[36rem] w-full flex-1 bg-slate-100"
          />
        ) : (
          <Skeleton className="m-4 h-[34rem]" />
        )}
      </section>
    </div>
  );
}
