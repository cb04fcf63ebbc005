import { zodResolver } from '@hookform/resolvers/zod';
import {
  marketplaceSettingsUpdateSchema,
  type MarketplaceSettings,
} from '@candor/domain';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { FormError, Input, Textarea } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { SettingsSection } from '../../../components/settings-section';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  useMarketplaceSettings,
  useSaveMarketplaceSettings,
} from '../api/marketplace-settings';

type FormInput = z.input<typeof marketplaceSettingsUpdateSchema>;
type FormOutput = z.output<typeof marketplaceSettingsUpdateSchema>;

export default function ManageMarketplaceSettingsPage() {
  const { t } = useTranslation('marketplace');
  usePageTitle(t('settings.title'));
  const settings = useMarketplaceSettings();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        eyebrow={
          <Link
            to={paths.manageMarketplace}
            className="inline-flex items-center gap-1 hover:text-ink"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t('settings.back')}
          </Link>
        }
        title={t('settings.title')}
        description={t('settings.description')}
      />
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <FormError>{settings.error.message}</FormError>
      ) : (
        <Skeleton className="h-64" />
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: MarketplaceSettings }) {
  const { t } = useTranslation('marketplace');
  const errorText = useErrorText();
  const save = useSaveMarketplaceSettings();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(marketplaceSettingsUpdateSchema),
    defaultValues: {
      marketplace_brand: settings.marketplace_brand,
      marketplace_intro: settings.marketplace_intro,
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (error) => {
        const message = isApiError(error)
          ? error.fieldMessage('marketplace_brand')
          : undefined;
        if (message) form.setError('marketplace_brand', { message });
      },
    }),
  );
  const url = `${window.location.origin}${settings.public_path}`;
  return (
    <form onSubmit={submit} noValidate>
      {save.error &&
        !(
          isApiError(save.error) && save.error.fieldMessage('marketplace_brand')
        ) && (
          <div className="mb-6">
            <FormError>{errorText(save.error.message)}</FormError>
          </div>
        )}
      <SettingsSection
        title={t('settings.section')}
        description={t('settings.sectionDescription')}
      >
        <Input
          label={t('settings.brand')}
          required
          hint={t('settings.brandHint', { url })}
          error={errorText(errors.marketplace_brand?.message)}
          {...form.register('marketplace_brand')}
        />
        <Textarea
          label={t('settings.intro')}
          hint={t('settings.introHint')}
          rows={4}
          error={errorText(errors.marketplace_intro?.message)}
          {...form.register('marketplace_intro')}
        />
      </SettingsSection>
      <div className="mt-6 flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('actions.saveChanges', { ns: 'common' })}
        </Button>
      </div>
    </form>
  );
}
