import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError, Textarea } from '../../../components/form-field';
import { SkeletonText } from '../../../components/skeleton';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { formErrorText, showFieldErrors } from '../../../lib/form-errors';
import { useComments, usePostComment } from '../api/comments';
import type { IntervieweeContext } from '../interviewee-context';
import { commentFormSchema, type CommentForm } from './comment-form-schema';
import { formatDateTime } from '../../../lib/format-date';

const FIELDS = ['comment'] as const;

/** Comments on the application: the team's running conversation about the interviewee. */
export function CommentsPanel({
  job,
  application,
  user,
}: Pick<IntervieweeContext, 'job' | 'application' | 'user'>) {
  const { t, i18n } = useTranslation('reviews');
  const comments = useComments(job.id, application.id);
  const post = usePostComment();
  const errorText = useErrorText();
  const schema = useMemo(() => commentFormSchema(t('comments.required')), [t]);
  const form = useForm<CommentForm>({
    resolver: zodResolver(schema),
    defaultValues: { comment: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ comment }) =>
    post.mutate(
      {
        job: job.id,
        application: application.id,
        userId: user.id,
        comment,
      },
      {
        onSuccess: () => {
          form.reset();
          toast.success(t('comments.posted'));
        },
        onError: showFieldErrors(form.setError, FIELDS),
      },
    ),
  );

  const list = comments.data?.filter((comment) => !comment.is_feedback) ?? [];
  return (
    <Card>
      <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink">
        <MessageSquare className="size-4 text-muted" aria-hidden />
        {t('comments.title')}
      </h2>
      {comments.isPending ? (
        <SkeletonText lines={3} />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">{t('comments.empty')}</p>
      ) : (
        <ul className="max-h-80 space-y-3 overflow-y-auto">
          {list.map((comment) => (
            <li key={comment.id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-sm whitespace-pre-line text-ink">
                {comment.comment}
              </p>
              <p className="mt-1 text-xs text-muted">
                {comment.user?.full_name ?? t('comments.someone')} ·{' '}
                {formatDateTime(comment.created_at, i18n.language)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void submit(event)}
        className="mt-4 space-y-2"
        noValidate
      >
        <FormError>{errorText(formErrorText(post.error, FIELDS))}</FormError>
        <Textarea
          label={t('comments.add')}
          hideLabel
          placeholder={t('comments.placeholder')}
          rows={3}
          error={errorText(errors.comment?.message)}
          {...form.register('comment')}
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          loading={post.isPending}
        >
          {t('comments.post')}
        </Button>
      </form>
    </Card>
  );
}
