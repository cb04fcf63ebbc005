import { zodResolver } from '@hookform/resolvers/zod';
import {
  WEBHOOK_EVENTS,
  webhookEndpointCreateSchema,
  type WebhookEndpointDetail,
} from '@candor/domain';
import { Webhook } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { Checkbox, FormError, Input } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { useCreateWebhook } from '../api/create-webhook';
import { SigningSecret } from './signing-secret';

type FormInput = z.input<typeof webhookEndpointCreateSchema>;
type FormOutput = z.output<typeof webhookEndpointCreateSchema>;

const FIELDS = ['url', 'events', 'description'] as const;
const EMPTY: FormInput = { url: '', events: [], description: '' };

/** 'Add an endpoint': its URL and events, then its signing secret. */
export function CreateEndpointDialog({
  open,
  onOpenChange,
  shortname,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shortname: string;
  onCreated: (endpoint: WebhookEndpointDetail) => void;
}) {
  const { t } = useTranslation('webhooks');
  const errorText = useErrorText();
  const create = useCreateWebhook();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(webhookEndpointCreateSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const created = create.data;

  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit((values) =>
    create.mutate(
      { shortname, ...values },
      {
        onSuccess: onCreated,
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );
  const eventsError = errors.events?.message ?? errors.events?.root?.message;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={created ? t('created.title') : t('create.title')}
      description={created ? undefined : t('create.description')}
      footer={
        created ? (
          <Button onClick={() => close(false)}>{t('created.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button
              type="submit"
              form="create-webhook"
              loading={create.isPending}
            >
              {!create.isPending && <Webhook className="size-4" aria-hidden />}
              {t('create.submit')}
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className="space-y-3" role="status">
          <p className="text-sm text-slate-700">
            {t('created.intro', { url: created.url })}
          </p>
          <SigningSecret secret={created.secret} />
        </div>
      ) : (
        <form
          id="create-webhook"
          className="space-y-4"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <FormError>
            {errorText(formErrorText(create.error, FIELDS))}
          </FormError>
          <Input
            label={t('create.url')}
            hint={t('create.urlHint')}
            type="url"
            inputMode="url"
            placeholder="https://"
            required
            autoComplete="off"
            autoFocus
            error={errorText(errors.url?.message)}
            {...form.register('url')}
          />
          <Input
            label={t('create.descriptionLabel')}
            hint={t('create.descriptionHint')}
            autoComplete="off"
            error={errorText(errors.description?.message)}
            {...form.register('description')}
          />
          <fieldset
            className="space-y-2"
            aria-describedby={eventsError ? 'webhook-events-error' : undefined}
          >
            <legend className="mb-2 text-sm font-medium text-slate-800">
              {t('create.events')}
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox
                  key={event}
                  value={event}
                  label={t(`events.${event}`)}
                  hint={<code className="text-xs">{event}</code>}
                  {...form.register('events')}
                />
              ))}
            </div>
            {eventsError && (
              <p
                id="webhook-events-error"
                className="text-sm text-danger"
                role="alert"
              >
                {errorText(eventsError)}
              </p>
            )}
          </fieldset>
        </form>
      )}
    </Modal>
  );
}
