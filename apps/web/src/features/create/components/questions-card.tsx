import {
  MAX_QUESTIONS_PER_JOB,
  type Job,
  type JobEditLocks,
  type Question,
} from '@candor/domain';
import { MessageSquarePlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { confirm } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useJobQuestions } from '../../../lib/jobs/job-queries';
import {
  useDeleteQuestion,
  useReorderQuestions,
} from '../api/question-mutations';
import { QuestionEditor } from './question-editor';
import { SortableQuestions } from './sortable-questions';

/**
 * The interview's questions: add, edit, reorder, delete. Used by the creation step and by the
 * details page of a published interview, where `locks` (decision 138) keep what answering fixed.
 */
export function QuestionsCard({
  job,
  locks,
  id,
}: {
  job: Job;
  locks?: JobEditLocks;
  id?: string;
}) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const questions = useJobQuestions(job.id);
  const reorder = useReorderQuestions();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // The new order shows at once; the server's reply replaces it.
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const listLocked = locks?.questionList ?? false;
  const list = questions.data ?? [];
  const shown = pendingOrder
    ? pendingOrder
        .map((questionId) =>
          list.find((question) => question.id === questionId),
        )
        .filter((q): q is Question => !!q)
    : list;

  const onReorder = (ids: number[]) => {
    setPendingOrder(ids);
    reorder.mutate(
      { jobId: job.id, ids },
      {
        onSuccess: () => toast.info(t('reorder.saved')),
        onError: (error) =>
          toast.error(errorText(error.message) ?? error.message),
        onSettled: () => setPendingOrder(null),
      },
    );
  };
  const onDelete = async (question: Question) => {
    const ok = await confirm({
      title: t('question.deleteTitle'),
      description: t('question.deleteBody', { text: question.text }),
      actionLabel: t('actions.delete', { ns: 'common' }),
      tone: 'danger',
    });
    if (ok)
      remove.mutate(
        { jobId: job.id, id: question.id },
        {
          onError: (error) =>
            toast.error(errorText(error.message) ?? error.message),
        },
      );
  };

  return (
    <Card padding="lg" id={id} className="scroll-mt-24">
      <CardHeader
        title={t('questions.heading')}
        description={
          listLocked ? t('questions.introLocked') : t('questions.intro')
        }
        actions={
          editing !== 'new' &&
          !listLocked &&
          list.length > 0 && (
            <Button
              onClick={() => setEditing('new')}
              disabled={list.length >= MAX_QUESTIONS_PER_JOB}
            >
              <Plus className="size-4" aria-hidden />
              {t('question.addTitle')}
            </Button>
          )
        }
      />
      {!questions.data ? (
        <div className="space-y-3" aria-busy>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : (
        <div className="space-y-4">
          {list.length === 0 && editing !== 'new' && (
            <EmptyState
              icon={MessageSquarePlus}
              title={t('questions.emptyTitle')}
              description={t('questions.emptyBody')}
              action={
                !listLocked && (
                  <Button onClick={() => setEditing('new')}>
                    {t('question.addTitle')}
                  </Button>
                )
              }
            />
          )}
          <SortableQuestions
            questions={shown}
            locked={listLocked}
            onReorder={onReorder}
            onEdit={(question) => setEditing(question.id)}
            onDelete={(question) => void onDelete(question)}
            editing={typeof editing === 'number' ? editing : null}
            renderEditor={(question) => (
              <QuestionEditor
                job={job}
                question={question}
                locks={locks}
                onDone={() => setEditing(null)}
              />
            )}
          />
          {editing === 'new' && (
            <div className="rounded-lg border border-brand-300 bg-surface p-4 shadow-sm">
              <QuestionEditor job={job} onDone={() => setEditing(null)} />
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
