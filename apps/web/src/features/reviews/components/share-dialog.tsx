import { zodResolver } from '@hookform/resolvers/zod';
import {
  SHARE_LINK_DAY_CHOICES,
  SHARE_LINK_DEFAULT_DAYS,
  shareLinkCreateSchema,
  type ShareLinkCreate,
  type ShareLinkCreated,
} from '@candor/domain';
import { Check, Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import {
  Checkbox,
  FormError,
  Input,
  Select,
} from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { useFormatDate } from '../../../lib/format-date';
import { useCreateShareLink } from '../api/create-share-link';
import { ShareLinkList } from './share-link-list';

const FIELDS = [
  'days',
  'include_ratings',
  'include_comments',
  'email',
] as const;
type Values = z.input<typeof shareLinkCreateSchema>;
const EMPTY: Values = {
  days: SHARE_LINK_DEFAULT_DAYS,
  include_ratings: false,
  include_comments: false,
  email: '',
};

/**
 * 'Share': a read-only link to this interviewee for someone without an account, with the
 * judgements the sharer chooses, and the list of links made so far (decision 153).
 */
export function ShareDialog({
  open,
  onOpenChange,
  job,
  application,
  candidateName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  job: number;
  application: number;
  candidateName: string;
}) {
  const { t } = useTranslation('share-links');
  const errorText = useErrorText();
  const create = useCreateShareLink();
  const [created, setCreated] = useState<ShareLinkCreated | null>(null);
  const form = useForm<Values, unknown, z.output<typeof shareLinkCreateSchema>>(
    { resolver: zodResolver(shareLinkCreateSchema), defaultValues: EMPTY },
  );
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      create.reset();
      setCreated(null);
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit((values) =>
    create.mutate(
      { job, application, ...(values as ShareLinkCreate) },
      {
        onSuccess: (link) => {
          setCreated(link);
          form.reset(EMPTY);
        },
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="lg"
      title={t('dialog.title', { name: candidateName })}
      description={t('dialog.description')}
      footer={
        <Button variant="secondary" onClick={() => close(false)}>
          {t('actions.close', { ns: 'common' })}
        </Button>
      }
    >
      <div className="space-y-6">
        {created ? (
          <CreatedLink link={created} onAnother={() => setCreated(null)} />
        ) : (
          <form
            id="share-candidate"
            className="space-y-4"
            onSubmit={(event) => void submit(event)}
            noValidate
          >
            <FormError>
              {errorText(formErrorText(create.error, FIELDS))}
            </FormError>
            <div className="grid gap-4 sm:grid-cols-2">
              <Select
                label={t('dialog.days')}
                options={SHARE_LINK_DAY_CHOICES.map((days) => ({
                  value: days,
                  label: t('dialog.dayCount', { count: days }),
                }))}
                error={errorText(errors.days?.message)}
                {...form.register('days')}
              />
              <Input
                label={t('dialog.email')}
                hint={t('dialog.emailHint')}
                type="email"
                autoComplete="off"
                error={errorText(errors.email?.message)}
                {...form.register('email')}
              />
            </div>
            <fieldset className="space-y-3">
              <legend className="mb-2 text-sm font-medium text-slate-800">
                {t('dialog.include')}
              </legend>
              <p className="text-sm text-muted">
                {t('dialog.answersAlways')} {t('dialog.anonymous')}
              </p>
              <Checkbox
                label={t('dialog.includeRatings')}
                {...form.register('include_ratings')}
              />
              <Checkbox
                label={t('dialog.includeComments')}
                {...form.register('include_comments')}
              />
            </fieldset>
            <div className="flex justify-end">
              <Button type="submit" loading={create.isPending}>
                {!create.isPending && <Link2 className="size-4" aria-hidden />}
                {t('dialog.create')}
              </Button>
            </div>
          </form>
        )}
        <section aria-labelledby="share-links-heading" className="space-y-2">
          <h3
            id="share-links-heading"
            className="text-sm font-semibold text-ink"
          >
            {t('list.title')}
          </h3>
          <div className="overflow-x-auto rounded-lg border border-border">
            <ShareLinkList job={job} application={application} />
          </div>
        </section>
      </div>
    </Modal>
  );
}

/** The new link, shown once: its key is never shown again. */
function CreatedLink({
  link,
  onAnother,
}: {
  link: ShareLinkCreated;
  onAnother: () => void;
}) {
  const { t } = useTranslation('share-links');
  const format = useFormatDate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(link.url);
    setCopied(true);
  };
  return (
    <div
      className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
      role="status"
    >
      <p className="text-sm font-medium text-emerald-900">
        {t('created.title', { date: format.day(link.expires_at) })}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          label={t('created.url')}
          hideLabel
          readOnly
          value={link.url}
          className="flex-1"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? (
            <Check className="size-4" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copied ? t('created.copied') : t('created.copy')}
        </Button>
      </div>
      <p className="text-sm text-emerald-900">
        {link.email
          ? t('created.limited', { email: link.email })
          : t('created.anyone')}
      </p>
      <Button variant="link" size="sm" onClick={onAnother}>
        {t('created.another')}
      </Button>
    </div>
  );
}
