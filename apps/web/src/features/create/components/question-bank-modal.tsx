import type { BankQuestion, Job } from '@candor/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Select } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { SkeletonText } from '../../../components/skeleton';
import { useBankQuestions, useCompetencies } from '../api/get-question-bank';

/** The seeded question bank, filtered by competency and by the interview's function and role. */
export function QuestionBankModal({
  job,
  open,
  onOpenChange,
  onPick,
}: {
  job: Job;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (question: BankQuestion) => void;
}) {
  const { t } = useTranslation('create');
  const [competency, setCompetency] = useState('');
  const scope = {
    function: job.function || undefined,
    role: job.role || undefined,
  };
  const competencies = useCompetencies(scope);
  const questions = useBankQuestions(
    {
      ...scope,
      competency: competency === '' ? undefined : Number(competency),
    },
    open,
  );
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('bank.title')}
      description={t('bank.description')}
      size="lg"
    >
      <Select
        label={t('bank.competency')}
        className="mb-4 sm:w-72"
        value={competency}
        onChange={(event) => setCompetency(event.target.value)}
        options={[
          { value: '', label: t('bank.allCompetencies') },
          { value: 0, label: t('question.motivation') },
          ...(competencies.data ?? []).map((item) => ({
            value: item.id,
            label: item.name,
          })),
        ]}
      />
      {questions.data ? (
        <ul className="max-h-[55vh] divide-y divide-border overflow-y-auto rounded-lg border border-border">
          {questions.data.map((question) => (
            <li key={question.id} className="flex items-start gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm text-ink">{question.text}</p>
                <p className="text-xs text-muted">
                  {question.competency === 0
                    ? t('question.motivation')
                    : question.competency_name}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onPick(question)}
              >
                {t('bank.use')}
              </Button>
            </li>
          ))}
          {questions.data.length === 0 && (
            <li className="p-4 text-sm text-muted">{t('bank.empty')}</li>
          )}
        </ul>
      ) : (
        <SkeletonText lines={6} />
      )}
    </Modal>
  );
}
