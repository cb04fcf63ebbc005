import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Textarea } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { showFieldErrors } from '../../../lib/form-errors';
import { useComments, usePostComment } from '../api/comments';
import { commentFormSchema, type CommentForm } from './comment-form-schema';

const FIELDS = ['comment'] as const;

/**
 * Feedback the interviewee reads on their feedback page; a comment is required to save it. Only
 * those who may shortlist and reject send it (`canSend`); the others read what was given.
 */
export function FeedbackForm({
  job,
  application,
  userId,
  canSend,
}: {
  job: number;
  application: number;
  userId: number;
  canSend: boolean;
}) {
  const { t } = useTranslation('reviews');
  const comments = useComments(job, application);
  const post = usePostComment();
  const errorText = useErrorText();
  const schema = useMemo(() => commentFormSchema(t('feedback.required')), [t]);
  const form = useForm<CommentForm>({
    resolver: zodResolver(schema),
    defaultValues: { comment: '' },
  });
  const { errors } = form.formState;
  const given = comments.data?.filter((comment) => comment.is_feedback) ?? [];

  const submit = form.handleSubmit(({ comment }) =>
    post.mutate(
      { job, application, userId, comment, feedback: true },
      {
        onSuccess: () => {
          form.reset();
          toast.success(t('feedback.submitted'));
        },
        onError: (error) => {
          if (!showFieldErrors(form.setError, FIELDS)(error))
            toast.error(t('feedback.error'));
        },
      },
    ),
  );

  return (
    <div className="space-y-3">
      {given.length > 0 && (
        <ul className="space-y-2">
          {given.map((comment) => (
            <li
              key={comment.id}
              className="rounded-lg bg-brand-50 p-3 text-sm text-ink"
            >
              {comment.comment}
              <span className="mt-1 block text-xs text-muted">
                {comment.user?.full_name}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canSend ? (
        <form
          onSubmit={(event) => void submit(event)}
          className="space-y-2"
          noValidate
        >
          <Textarea
            label={t('feedback.label')}
            hint={t('feedback.hint')}
            rows={3}
            error={errorText(errors.comment?.message)}
            {...form.register('comment')}
          />
          <Button type="submit" size="sm" loading={post.isPending}>
            {t('feedback.save')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted">{t('feedback.deciderOnly')}</p>
      )}
    </div>
  );
}
