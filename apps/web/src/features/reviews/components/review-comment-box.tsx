import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Textarea } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { useReviewComments, useSaveReviewComment } from '../api/comments';
import { commentFormSchema, type CommentForm } from './comment-form-schema';

const FIELDS = ['comment'] as const;

/**
 * The caller's note on one question (or the whole interview); saving overwrites their
 * previous note. Others' notes show below when the caller may see them.
 */
export function ReviewCommentBox({
  job,
  application,
  userId,
  question,
}: {
  job: number;
  application: number;
  userId: number;
  question: number | null;
}) {
  const { t } = useTranslation('reviews');
  const comments = useReviewComments(job, application);
  const save = useSaveReviewComment();
  const forQuestion = (comments.data ?? []).filter(
    (comment) => comment.question === question,
  );
  const own = forQuestion
    .filter((comment) => comment.reviewer === userId)
    .at(-1);
  const others = forQuestion.filter((comment) => comment.reviewer !== userId);
  const errorText = useErrorText();
  const schema = useMemo(() => commentFormSchema(t('comments.required')), [t]);
  const saved = own?.comment ?? '';
  const form = useForm<CommentForm>({
    resolver: zodResolver(schema),
    defaultValues: { comment: saved },
  });
  const { errors } = form.formState;
  // Another question, or the saved note changing, resets the text.
  useEffect(() => form.reset({ comment: saved }), [form, question, saved]);

  const submit = form.handleSubmit(({ comment }) =>
    save.mutate(
      { job, application, userId, question, comment },
      {
        onSuccess: () => toast.success(t('reviewComment.saved')),
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );

  return (
    <div className="space-y-3">
      <form
        onSubmit={(event) => void submit(event)}
        className="space-y-2"
        noValidate
      >
        <FormError>{errorText(formErrorText(save.error, FIELDS))}</FormError>
        <Textarea
          label={t('reviewComment.label')}
          placeholder={t('reviewComment.placeholder')}
          rows={3}
          error={errorText(errors.comment?.message)}
          {...form.register('comment')}
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          loading={save.isPending}
        >
          {own ? t('reviewComment.update') : t('reviewComment.save')}
        </Button>
      </form>
      {others.length > 0 && (
        <ul className="space-y-2">
          {others.map((comment) => (
            <li key={comment.id} className="rounded-lg bg-slate-50 p-3 text-sm">
              <p className="text-ink">{comment.comment}</p>
              <p className="mt-1 text-xs text-muted">
                {comment.author.full_name}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
