import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultEmailUpdateSchema,
  mergeTagsFor,
  type DefaultEmail,
  type DefaultEmailUpdate,
  type EmailType,
} from '@candor/domain';
import { lazy, Suspense } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import {
  Checkbox,
  FormError,
  Input,
  Select,
} from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  useDefaultEmail,
  useEmailPreview,
  useSaveDefaultEmail,
} from '../api/default-email';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

type Draft = z.input<typeof defaultEmailUpdateSchema>;
const FIELDS = [
  'subject',
  'body_text',
  'from_name',
  'reply_to_email',
  'promote_practice',
] as const;

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
  const form = useForm<Draft, unknown, DefaultEmailUpdate>({
    resolver: zodResolver(defaultEmailUpdateSchema),
    defaultValues: {
      subject: email.subject,
      body_text: email.body_text,
      from_name: email.from_name,
      reply_to_email: email.reply_to_email,
      promote_practice: email.promote_practice,
    },
  });
  const { errors } = form.formState;
  const [subject, bodyText, fromName, promotePractice] = useWatch({
    control: form.control,
    name: ['subject', 'body_text', 'from_name', 'promote_practice'],
  });
  // The preview is rendered by the server: ask again only once typing pauses.
  const previewSubject = useDebouncedValue(subject ?? '', 400);
  const previewBody = useDebouncedValue(bodyText, 400);
  const previewPractice = useDebouncedValue(promotePractice === true, 400);
  const preview = useEmailPreview(shortname, {
    type,
    subject: previewSubject,
    body_text: previewBody,
    promote_practice: previewPractice,
    ...(jobId === undefined ? {} : { job: jobId }),
  });
  const save = useSaveDefaultEmail();
  // The select offers only these, so the stored name is the only one that may be missing.
  const senders = email.sender_choices.includes(email.from_name)
    ? email.sender_choices
    : [email.from_name, ...email.sender_choices];

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { shortname, type, ...values },
      {
        onSuccess: () => toast.success(t('saved')),
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form
        className="space-y-5 rounded-lg border border-border bg-surface p-5"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <FormError>{errorText(formErrorText(save.error, FIELDS))}</FormError>
        <Select
          label={t('senderName')}
          options={senders.map((name) => ({ value: name, label: name }))}
          error={errorText(errors.from_name?.message)}
          {...form.register('from_name')}
        />
        <Input
          label={t('replyTo')}
          hint={t('optional')}
          type="email"
          error={errorText(errors.reply_to_email?.message)}
          {...form.register('reply_to_email')}
        />
        <Input
          label={t('subject')}
          error={errorText(errors.subject?.message)}
          {...form.register('subject')}
        />
        <div>
          <label
            id={`message-${type}-label`}
            htmlFor={`message-${type}`}
            className="mb-1.5 block text-sm font-medium text-ink"
          >
            {t('message')}
          </label>
          <Suspense fallback={<Skeleton className="h-[248px]" />}>
            <Controller
              control={form.control}
              name="body_text"
              render={({ field }) => (
                <RichTextEditor
                  id={`message-${type}`}
                  value={field.value}
                  onChange={field.onChange}
                  insertTags={mergeTagsFor(type)}
                />
              )}
            />
          </Suspense>
          {errors.body_text && (
            <p className="mt-1 text-sm text-danger" role="alert">
              {errorText(errors.body_text.message)}
            </p>
          )}
          <p className="mt-1.5 text-xs text-muted">
            {t('tagsHint', { tags: mergeTagsFor(type).join(' ') })}
          </p>
        </div>
        {type === 'invitation' && (
          <Checkbox
            label={t('promotePractice')}
            {...form.register('promote_practice')}
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
            {t('labelValue', {
              ns: 'common',
              label: t('from'),
              value: fromName,
            })}
          </div>
          <div className="font-medium text-ink">
            {preview.data?.subject ?? subject}
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
