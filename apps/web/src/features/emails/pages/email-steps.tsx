import { EMAIL_TYPES, type EmailType } from '@candor/domain';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Tabs } from '../../../components/tabs';
import { useCreateStep } from '../../../lib/create-step';
import { useCurrentUser } from '../../../lib/session';
import { TemplateEditor } from '../components/template-editor';

/**
 * Creation steps edit-email (the invitation) and emails (completion and rejection): the
 * company's templates, used by every interview (docs/decisions/037-email-steps-and-job-page-ui.md).
 */
export default function EmailStep() {
  const { t } = useTranslation('emails');
  const { step, nextPath, previousPath } = useCreateStep();
  const company = useCurrentUser().current_company;
  const types: EmailType[] =
    step === 'edit-email'
      ? ['invitation']
      : EMAIL_TYPES.filter((type) => type !== 'invitation');
  const [type, setType] = useState<EmailType>(types[0] ?? 'invitation');
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-ink">{t(`steps.${step}`)}</h2>
        <p className="mt-1 text-sm text-muted">{t(`steps.${step}Hint`)}</p>
      </div>
      {types.length > 1 && (
        <Tabs
          label={t('steps.emails')}
          value={type}
          onValueChange={(value) => setType(value as EmailType)}
          items={types.map((value) => ({ value, label: t(`titles.${value}`) }))}
        />
      )}
      {company && <TemplateEditor shortname={company.shortname} type={type} />}
      <div className="flex items-center justify-between border-t border-border pt-4">
        {previousPath ? (
          <Button asChild variant="secondary">
            <Link to={previousPath}>
              <ArrowLeft className="size-4" aria-hidden /> {t('previous')}
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {nextPath && (
          <Button asChild>
            <Link to={nextPath}>
              {t('next')} <ArrowRight className="size-4" aria-hidden />
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
