import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_SCOPES,
  apiKeyCreateSchema,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@candor/domain';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import {
  FormError,
  Input,
  Select,
  Textarea,
} from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { useCreateApiKey } from '../api/create-api-key';

const FIELDS = ['name', 'scope'] as const;
const EMPTY: ApiKeyCreate = { name: '', scope: 'read' };

/** 'Create a key': its name and scope, then its secret, shown this once. */
export function CreateKeyDialog({
  open,
  onOpenChange,
  shortname,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shortname: string;
}) {
  const { t } = useTranslation('api-keys');
  const errorText = useErrorText();
  const create = useCreateApiKey();
  const form = useForm<ApiKeyCreate>({
    resolver: zodResolver(apiKeyCreateSchema),
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
      { onError: showFieldErrors(form.setError, FIELDS) },
    ),
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="sm"
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
              form="create-api-key"
              loading={create.isPending}
            >
              {!create.isPending && <KeyRound className="size-4" aria-hidden />}
              {t('create.submit')}
            </Button>
          </>
        )
      }
    >
      {created ? (
        <NewSecret created={created} />
      ) : (
        <form
          id="create-api-key"
          className="space-y-4"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <FormError>
            {errorText(formErrorText(create.error, FIELDS))}
          </FormError>
          <Input
            label={t('create.name')}
            hint={t('create.nameHint')}
            required
            autoComplete="off"
            autoFocus
            error={errorText(errors.name?.message)}
            {...form.register('name')}
          />
          <Select
            label={t('create.scope')}
            hint={t('create.scopeHint')}
            options={API_KEY_SCOPES.map((scope) => ({
              value: scope,
              label: t(`scopes.${scope}`),
            }))}
            error={errorText(errors.scope?.message)}
            {...form.register('scope')}
          />
        </form>
      )}
    </Modal>
  );
}

/** The secret, once: copied from here or never seen again. */
function NewSecret({ created }: { created: ApiKeyCreated }) {
  const { t } = useTranslation('api-keys');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.secret);
    setCopied(true);
  };
  return (
    <div className="space-y-3" role="status">
      <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {t('created.once', { name: created.name })}
      </p>
      <Textarea
        label={t('created.secret')}
        readOnly
        rows={2}
        spellCheck={false}
        value={created.secret}
        data-testid="api-key-secret"
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
      <p className="text-sm text-muted">{t('created.usage')}</p>
    </div>
  );
}
