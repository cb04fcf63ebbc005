import { SURVEY_CATEGORIES } from '@candor/domain';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/form-field';

type SurveyFormValues = {
  survey_enabled?: unknown;
  survey_categories?: unknown;
};

/**
 * The voluntary equal-opportunity survey: on or off, and which standard categories it asks
 * (decision 181). The categories are shown only while the survey is on.
 */
export function SurveyField<T extends SurveyFormValues>({
  register,
  enabled,
  error,
}: {
  register: UseFormRegister<T>;
  enabled: boolean;
  error?: string;
}) {
  const { t } = useTranslation('companies');
  const { t: tSurvey } = useTranslation('survey');
  // The form's own type knows both fields; this component is generic over it.
  const field = register as unknown as UseFormRegister<SurveyFormValues>;
  return (
    <div className="space-y-4">
      <Checkbox
        label={t('settings.survey.enabled')}
        hint={t('settings.survey.enabledHint')}
        {...field('survey_enabled')}
      />
      {enabled && (
        <fieldset className="rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-medium text-slate-800">
            {t('settings.survey.categories')}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {SURVEY_CATEGORIES.map((category) => (
              <Checkbox
                key={category}
                label={tSurvey(`categories.${category}`)}
                value={category}
                {...field('survey_categories')}
              />
            ))}
          </div>
          <p className="mt-3 text-sm text-muted">
            {error ?? t('settings.survey.categoriesHint')}
          </p>
        </fieldset>
      )}
    </div>
  );
}
