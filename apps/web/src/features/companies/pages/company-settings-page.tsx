import { zodResolver } from '@hookform/resolvers/zod';
import {
  companySettingsUpdateSchema,
  isShorterRetention,
  LOGO_LIMIT_BYTES,
  SMS_KINDS,
  type CompanySettings,
  type CompanySettingsUpdate,
} from '@candor/domain';
import {
  ChevronRight,
  Globe,
  ImageUp,
  KeyRound,
  Mail,
  MessageSquare,
  Plug,
  ScrollText,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm-dialog';
import { FormActions } from '../../../components/form-actions';
import {
  Checkbox,
  FormError,
  Input,
  Select,
  Textarea,
} from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import {
  SettingsSection,
  SettingsSkeleton,
} from '../../../components/settings-section';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings, useUploadLogo } from '../api/update-settings';
import {
  RetentionField,
  retentionToForm,
  useCutoffDate,
} from '../components/retention-field';
import { BrandColorField } from '../components/brand-color-field';
import { ReminderSettingsSection } from '../components/reminder-settings-section';
import { SurveyField } from '../components/survey-field';

const FIELDS = [
  'name',
  'support_email',
  'account_message',
  'account_message_style',
  'data_retention_months',
  'survey_enabled',
  'survey_categories',
  'sms_enabled',
  'sms_sender_name',
  'sms_default_country',
  'sms_daily_cap',
  'brand_color',
] as const;

type SettingsFormValues = z.input<typeof companySettingsUpdateSchema>;

function toForm(settings: CompanySettings): SettingsFormValues {
  return {
    name: settings.name,
    support_email: settings.support_email,
    account_message: settings.account_message,
    account_message_style: settings.account_message_style,
    data_retention_months: retentionToForm(settings.data_retention_months),
    survey_enabled: settings.survey_enabled,
    survey_categories: settings.survey_categories,
    sms_enabled: settings.sms_enabled,
    sms_sender_name: settings.sms_sender_name,
    sms_default_country: settings.sms_default_country,
    sms_daily_cap: settings.sms_daily_cap,
    brand_color: settings.brand_color ?? '',
  };
}

export default function CompanySettingsPage() {
  const { t } = useTranslation('companies');
  usePageTitle(t('settings.title'));
  const settings = useSettings();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('settings.title')}
        description={t('settings.description')}
      />
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <FormError>{settings.error.message}</FormError>
      ) : (
        <SettingsSkeleton sections={3} />
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: CompanySettings }) {
  const { t } = useTranslation('companies');
  const errorText = useErrorText();
  const isAdmin = useCurrentUser().current_company?.is_admin ?? false;
  const update = useUpdateSettings();
  const cutoff = useCutoffDate();
  const form = useForm<SettingsFormValues, unknown, CompanySettingsUpdate>({
    resolver: zodResolver(companySettingsUpdateSchema),
    defaultValues: toForm(settings),
  });
  const { errors, isDirty } = form.formState;
  const [
    message,
    style,
    retention,
    surveyEnabled,
    smsEnabled,
    brandColor,
    name,
  ] = useWatch({
    control: form.control,
    name: [
      'account_message',
      'account_message_style',
      'data_retention_months',
      'survey_enabled',
      'sms_enabled',
      'brand_color',
      'name',
    ],
  });

  useEffect(() => form.reset(toForm(settings)), [settings, form]);

  const submit = form.handleSubmit(async (values) => {
    const months = values.data_retention_months;
    // A shorter period erases people at the next sweep: ask first.
    if (
      months !== undefined &&
      months !== null &&
      isShorterRetention(settings.data_retention_months, months) &&
      !(await confirm({
        title: t('settings.retention.confirmTitle'),
        description: t('settings.retention.confirmDescription', {
          date: cutoff(months),
        }),
        actionLabel: t('settings.retention.confirmAction'),
        tone: 'danger',
      }))
    )
      return;
    update.mutate(values, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: showFieldErrors(form.setError, FIELDS),
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
          <FormError>{errorText(failure.message)}</FormError>
        </div>
      )}
      <SettingsSection
        title={t('settings.company.title')}
        description={t('settings.company.description')}
      >
        <Input
          label={t('settings.fields.name')}
          required
          autoComplete="organization"
          error={errorText(errors.name?.message)}
          {...form.register('name')}
        />
        <LogoField
          settings={settings}
          name={form.getValues('name') || settings.name}
        />
        <Input
          label={t('settings.fields.supportEmail')}
          type="email"
          hint={t('settings.fields.supportEmailHint')}
          error={errorText(errors.support_email?.message)}
          {...form.register('support_email')}
        />
      </SettingsSection>

      <SettingsSection
        title={t('settings.brandSection.title')}
        description={t('settings.brandSection.description')}
      >
        <BrandColorField
          value={typeof brandColor === 'string' ? brandColor : ''}
          name={name || settings.name}
          logo={settings.logo}
          error={errorText(errors.brand_color?.message)}
          register={form.register('brand_color')}
          onPick={(color) =>
            form.setValue('brand_color', color, {
              shouldDirty: true,
              shouldValidate: true,
            })
          }
        />
      </SettingsSection>

      <SettingsSection
        title={t('settings.message.title')}
        description={t('settings.message.description')}
      >
        <Textarea
          label={t('settings.fields.accountMessage')}
          rows={3}
          hint={t('settings.fields.accountMessageHint')}
          error={errorText(errors.account_message?.message)}
          {...form.register('account_message')}
        />
        <Select
          label={t('settings.fields.messageStyle')}
          options={[
            { value: 0, label: t('settings.fields.styleNegative') },
            { value: 1, label: t('settings.fields.stylePositive') },
          ]}
          {...form.register('account_message_style', { valueAsNumber: true })}
        />
        {message.trim() && (
          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-800">
              {t('settings.fields.preview')}
            </p>
            <p
              className={cn(
                'rounded-md border px-3 py-2 text-sm',
                Number(style) === 1
                  ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                  : 'border-red-200 bg-red-50 text-red-900',
              )}
            >
              {message}
            </p>
          </div>
        )}
      </SettingsSection>

      <SettingsSection
        title={t('settings.retention.title')}
        description={t('settings.retention.description')}
      >
        <RetentionField
          saved={settings.data_retention_months}
          value={String(retention ?? '')}
          error={errorText(errors.data_retention_months?.message)}
          {...form.register('data_retention_months')}
        />
      </SettingsSection>

      <SettingsSection
        title={t('settings.survey.title')}
        description={t('settings.survey.description')}
      >
        <SurveyField
          register={form.register}
          enabled={surveyEnabled === true}
          error={errorText(errors.survey_categories?.message)}
        />
      </SettingsSection>

      {isAdmin && (
        <SettingsSection
          title={t('settings.sms.title')}
          description={t('settings.sms.description')}
        >
          <Checkbox
            label={t('settings.sms.enabled')}
            hint={t('settings.sms.enabledHint')}
            {...form.register('sms_enabled')}
          />
          {smsEnabled === true && (
            <>
              <Input
                label={t('settings.sms.sender')}
                hint={t('settings.sms.senderHint')}
                maxLength={11}
                error={errorText(errors.sms_sender_name?.message)}
                {...form.register('sms_sender_name')}
              />
              <Input
                label={t('settings.sms.country')}
                hint={t('settings.sms.countryHint')}
                maxLength={2}
                autoComplete="country"
                error={errorText(errors.sms_default_country?.message)}
                {...form.register('sms_default_country')}
              />
              <Input
                label={t('settings.sms.cap')}
                hint={t('settings.sms.capHint')}
                type="number"
                min={0}
                error={errorText(errors.sms_daily_cap?.message)}
                {...form.register('sms_daily_cap')}
              />
              <div>
                <h3 className="text-sm font-medium text-ink">
                  {t('settings.sms.links.templates')}
                </h3>
                <ul className="divide-y divide-border">
                  {SMS_KINDS.map((kind) => (
                    <li key={kind}>
                      <SettingsLink
                        to={paths.editSmsTemplate(kind)}
                        icon={MessageSquare}
                        label={t(`settings.sms.links.${kind}`)}
                        hint={t(`settings.sms.links.${kind}Hint`)}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            </>
          )}
        </SettingsSection>
      )}

      <LinksSection
        title={t('settings.team.title')}
        description={t('settings.team.description')}
        links={[
          {
            to: paths.team,
            icon: Users,
            label: t('settings.team.link'),
            hint: t('settings.team.linkHint'),
          },
        ]}
      />

      {isAdmin && (
        <LinksSection
          title={t('settings.integrations.title')}
          description={t('settings.integrations.description')}
          links={[
            {
              to: paths.apiKeys,
              icon: KeyRound,
              label: t('settings.integrations.apiKeys'),
              hint: t('settings.integrations.apiKeysHint'),
            },
            {
              to: paths.webhooks,
              icon: Webhook,
              label: t('settings.integrations.webhooks'),
              hint: t('settings.integrations.webhooksHint'),
            },
            {
              to: paths.greenhouse,
              icon: Plug,
              label: t('settings.integrations.greenhouse'),
              hint: t('settings.integrations.greenhouseHint'),
            },
          ]}
        />
      )}

      {isAdmin && (
        <LinksSection
          title={t('settings.security.title')}
          description={t('settings.security.description')}
          links={[
            {
              to: paths.auditLog,
              icon: ScrollText,
              label: t('settings.security.auditLog'),
              hint: t('settings.security.auditLogHint'),
            },
            {
              to: paths.domains,
              icon: Globe,
              label: t('settings.security.domains'),
              hint: t('settings.security.domainsHint'),
            },
          ]}
        />
      )}

      <ReminderSettingsSection />

      <SettingsSection
        title={t('settings.emails.title')}
        description={t('settings.emails.description')}
      >
        <ul className="-my-2 divide-y divide-border">
          {(
            [
              [paths.editInvitationEmail, 'invitation'],
              [paths.editCompletionEmail, 'completion'],
              [paths.editRejectionEmail, 'rejection'],
              [paths.editReminderEmail, 'reminder'],
            ] as const
          ).map(([to, type]) => (
            <li key={type}>
              <SettingsLink
                to={to}
                icon={Mail}
                label={t(`settings.emails.${type}`)}
                hint={t(`settings.emails.${type}Hint`)}
              />
            </li>
          ))}
        </ul>
      </SettingsSection>

      <FormActions sticky={isDirty}>
        <Button
          variant="secondary"
          disabled={!isDirty || update.isPending}
          onClick={() => form.reset(toForm(settings))}
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

/** A row that opens another settings page. */
type SettingsLinkProps = {
  to: string;
  icon: LucideIcon;
  label: string;
  hint: string;
};

/** A section of links to the settings pages of their own (team, integrations, security). */
function LinksSection({
  title,
  description,
  links,
}: {
  title: string;
  description: string;
  links: SettingsLinkProps[];
}) {
  return (
    <SettingsSection title={title} description={description}>
      <div className="-my-2 divide-y divide-border">
        {links.map((link) => (
          <SettingsLink key={link.to} {...link} />
        ))}
      </div>
    </SettingsSection>
  );
}

function SettingsLink({ to, icon: Icon, label, hint }: SettingsLinkProps) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-3 rounded-md py-3 hover:text-brand-800"
    >
      <span className="flex size-9 items-center justify-center rounded-md bg-brand-50 text-brand-700">
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="flex-1">
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
      <ChevronRight
        className="size-4 text-slate-400 group-hover:text-brand-700"
        aria-hidden
      />
    </Link>
  );
}

/** Uploads as soon as a file is chosen; the new logo shows through its cache-busting URL. */
function LogoField({
  settings,
  name,
}: {
  settings: CompanySettings;
  name: string;
}) {
  const { t } = useTranslation('companies');
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_LIMIT_BYTES) {
      toast.error(t('settings.logo.tooLarge'));
      return;
    }
    upload.mutate(
      { logo: file, name },
      {
        onSuccess: () => toast.success(t('settings.logo.uploaded')),
        onError: (error) =>
          toast.error(t('settings.logo.failed'), {
            description: errorText(error.message),
          }),
      },
    );
    if (input.current) input.current.value = '';
  };

  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-800" id="logo-label">
        {t('settings.logo.label')}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-16 w-32 items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-page">
          {settings.logo ? (
            <img
              src={settings.logo}
              alt={t('settings.logo.alt', { name: settings.name })}
              className="max-h-14 max-w-28 object-contain"
              data-testid="company-logo"
            />
          ) : (
            <span className="text-xs text-muted">
              {t('settings.logo.none')}
            </span>
          )}
        </div>
        <div>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            id="logo-file"
            aria-labelledby="logo-label"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <Button
            variant="secondary"
            size="sm"
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {!upload.isPending && <ImageUp className="size-4" aria-hidden />}
            {settings.logo
              ? t('settings.logo.replace')
              : t('settings.logo.upload')}
          </Button>
          <p className="mt-1.5 text-xs text-muted">{t('settings.logo.hint')}</p>
        </div>
      </div>
    </div>
  );
}
