import { EMAIL_TYPES, type EmailType } from '@candor/domain';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Tabs } from '../../../components/tabs';
import { useCreateStep } from '../../../lib/create-step';
import { useCurrentUser } from '../../../lib/session';
import { JobReminders } from '../components/job-reminders';
import { TemplateEditor } from '../components/template-editor';
import { StepLinks } from '../../create/components/create-frame';

/**
 * Creation steps edit-email (the invitation) and emails (completion and rejection): the
 * company's templates, used by every interview (docs/decisions/037-email-steps-and-job-page-ui.md).
 */
export default function EmailStep() {
  const { t } = useTranslation('emails');
  const { job, step, nextPath, previousPath } = useCreateStep();
  const company = useCurrentUser().current_company;
  const types: EmailType[] =
    step === 'edit-email'
      ? ['invitation']
      : EMAIL_TYPES.filter((type) => type !== 'invitation');
  const [chosen, setChosen] = useState<EmailType>(types[0] ?? 'invitation');
  // Next from edit-email to emails keeps this component (and its state): a choice of the
  // other step falls back to this step's first e-mail.
  const type = types.includes(chosen) ? chosen : (types[0] ?? 'invitation');
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
          onValueChange={(value) => setChosen(value as EmailType)}
          items={types.map((value) => ({ value, label: t(`titles.${value}`) }))}
        />
      )}
      {type === 'reminder' && <JobReminders jobId={job.id} />}
      {company && (
        <TemplateEditor
          shortname={company.shortname}
          type={type}
          jobId={job.id}
        />
      )}
      <StepLinks previousPath={previousPath} nextPath={nextPath} />
    </div>
  );
}
