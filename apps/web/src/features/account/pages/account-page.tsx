import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountUpdateSchema,
  LOCALES,
  type Account,
  type AccountUpdate,
} from '@candor/domain';
import { MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormActions } from '../../../components/form-actions';
import {
  Checkbox,
  FormError,
  Input,
  Select,
} from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import {
  SettingsSection,
  SettingsSkeleton,
} from '../../../components/settings-section';
import { toast } from '../../../components/toast';
import { applyLocale, chooseLocale } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAccount } from '../api/get-account';
import { useUpdateAccount } from '../api/update-account';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'locale',
  'current_password',
  'new_password',
] as const satisfies readonly (keyof AccountUpdate)[];

function toForm(account: Account): AccountUpdate {
  return { ...account, current_password: '', new_password: '' };
}

export default function AccountPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('title'));
  const account = useAccount();

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} description={t('description')} />
      {account.data ? (
        <AccountForm account={account.data} />
      ) : account.isError ? (
        <FormError>{account.error.message}</FormError>
      ) : (
        <SettingsSkeleton sections={3} />
      )}
    </div>
  );
}

function AccountForm({ account }: { account: Account }) {
  const { t, i18n } = useTranslation('account');
  const errorText = useErrorText();
  const update = useUpdateAccount();
  const form = useForm<AccountUpdate>({
    resolver: zodResolver(accountUpdateSchema),
    defaultValues: toForm(account),
  });
  const { errors, isDirty } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanges =
    email.trim().toLowerCase() !== account.email.toLowerCase();

  useEffect(() => form.reset(toForm(account)), [account, form]);

  const submit = form.handleSubmit((values) => {
    // The server says the same; asking first spares a round trip.
    if (emailChanges && !values.current_password) {
      form.setError('current_password', {
        message: 'Enter your current password to change your e-mail address',
      });
      form.setFocus('current_password');
      return;
    }
    update.mutate(values, {
      onSuccess: (saved) => {
        // The account's language now wins over a `?lang=` picked earlier in this tab.
        chooseLocale(null);
        // The message in the new language, once its translations are loaded: `t` of this
        // render is fixed to the old one, `i18n.t` follows the language now applied.
        void applyLocale(saved.locale).then(() =>
          toast.success(
            emailChanges && saved.pending_email
              ? i18n.t('emailChange.sent', {
                  ns: 'account',
                  email: saved.pending_email,
                })
              : i18n.t('saved', { ns: 'account' }),
          ),
        );
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const field of FIELDS) {
          const message = error.fieldMessage(field);
          if (message) form.setError(field, { message });
        }
      },
    });
  });

  const failure = update.error;
  // Field errors show beside their fields; anything else shows above the form.
  const formError =
    failure &&
    (!isApiError(failure) ||
      !FIELDS.some((field) => failure.fieldMessage(field)));

  return (
    <form onSubmit={submit} noValidate className="pb-8">
      {formError && (
        <div className="mb-6">
          <FormError>{errorText(failure?.message)}</FormError>
        </div>
      )}
      <SettingsSection
        title={t('login.title')}
        description={t('login.description')}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            error={errorText(errors.first_name?.message)}
            {...form.register('first_name')}
          />
          <Input
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            error={errorText(errors.last_name?.message)}
            {...form.register('last_name')}
          />
        </div>
        <Input
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          hint={emailChanges ? t('emailChange.hint') : undefined}
          error={errorText(errors.email?.message)}
          {...form.register('email')}
        />
        {account.pending_email && (
          <p
            role="status"
            className="flex gap-2.5 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-900"
          >
            <MailCheck
              className="mt-0.5 size-4 shrink-0 text-brand-700"
              aria-hidden
            />
            <span className="min-w-0 break-words">
              {t('emailChange.pending', { email: account.pending_email })}
            </span>
          </p>
        )}
        <div className="grid gap-5 border-t border-border pt-5 sm:grid-cols-2">
          <Input
            label={t('fields.currentPassword')}
            type="password"
            autoComplete="current-password"
            required={emailChanges}
            hint={emailChanges ? t('emailChange.passwordHint') : undefined}
            error={errorText(errors.current_password?.message)}
            {...form.register('current_password')}
          />
          <Input
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('fields.newPasswordHint')}
            error={errorText(errors.new_password?.message)}
            {...form.register('new_password')}
          />
        </div>
      </SettingsSection>

      <SettingsSection
        title={t('preferences.title')}
        description={t('preferences.description')}
      >
        <Select
          label={t('fields.locale')}
          options={LOCALES.map((locale) => ({
            value: locale,
            label: t(`locales.${locale}`),
          }))}
          error={errorText(errors.locale?.message)}
          {...form.register('locale')}
        />
      </SettingsSection>

      <SettingsSection
        title={t('notifications.title')}
        description={t('notifications.description')}
      >
        <Checkbox
          label={t('fields.notifyNewResponses')}
          hint={t('fields.notifyNewResponsesHint')}
          {...form.register('notify_new_responses')}
        />
        <Checkbox
          label={t('fields.notifyDailySummary')}
          hint={t('fields.notifyDailySummaryHint')}
          {...form.register('notify_daily_summary')}
        />
      </SettingsSection>

      <FormActions sticky={isDirty}>
        <Button
          variant="secondary"
          disabled={!isDirty || update.isPending}
          onClick={() => form.reset(toForm(account))}
        >
          {t('actions.discard', { ns: 'common' })}
        </Button>
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          {t('actions.saveChanges', { ns: 'common' })}
        </Button>
      </FormActions>
    </form>
  );
}
