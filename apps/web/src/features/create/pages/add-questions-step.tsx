import { MAX_QUESTIONS_PER_JOB, type Question } from '@candor/domain';
import { ArrowLeft, ArrowRight, MessageSquarePlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { confirm } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { useCreateStep } from '../../../lib/create-step';
import { useErrorText } from '../../../lib/error-text';
import { useJobQuestions } from '../../../lib/jobs/job-queries';
import {
  useDeleteQuestion,
  useReorderQuestions,
} from '../api/question-mutations';
import { StepFooter } from '../components/create-frame';
import { QuestionEditor } from '../components/question-editor';
import { SortableQuestions } from '../components/sortable-questions';

export default function AddQuestionsStep() {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const { job, nextPath, previousPath } = useCreateStep();
  const questions = useJobQuestions(job.id);
  const reorder = useReorderQuestions();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // The new order shows at once; the server's reply replaces it.
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const list = questions.data ?? [];
  const shown = pendingOrder
    ? pendingOrder
        .map((id) => list.find((question) => question.id === id))
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
    if (ok) remove.mutate({ jobId: job.id, id: question.id });
  };

  return (
    <>
      <Card padding="lg">
        <CardHeader
          title={t('questions.heading')}
          description={t('questions.intro')}
          actions={
            editing !== 'new' &&
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
                  <Button onClick={() => setEditing('new')}>
                    {t('question.addTitle')}
                  </Button>
                }
              />
            )}
            <SortableQuestions
              questions={shown}
              onReorder={onReorder}
              onEdit={(question) => setEditing(question.id)}
              onDelete={(question) => void onDelete(question)}
              editing={typeof editing === 'number' ? editing : null}
              renderEditor={(question) => (
                <QuestionEditor
                  job={job}
                  question={question}
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
      <StepFooter>
        {previousPath && (
          <Button asChild variant="secondary">
            <Link to={previousPath}>
              <ArrowLeft className="size-4" aria-hidden />
              {t('previous')}
            </Link>
          </Button>
        )}
        {nextPath && (
          <Button asChild>
            <Link to={nextPath}>
              {t('next')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </Button>
        )}
      </StepFooter>
    </>
  );
}
