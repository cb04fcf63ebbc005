import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Textarea } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { useComments, usePostComment } from '../api/comments';

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
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const given = comments.data?.filter((comment) => comment.is_feedback) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('feedback.required'));
      return;
    }
    setError(undefined);
    post.mutate(
      { job, application, userId, comment: text.trim(), feedback: true },
      {
        onSuccess: () => {
          setText('');
          toast.success(t('feedback.submitted'));
        },
        onError: () => toast.error(t('feedback.error')),
      },
    );
  };

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
        <form onSubmit={submit} className="space-y-2">
          <Textarea
            label={t('feedback.label')}
            hint={t('feedback.hint')}
            rows={3}
            value={text}
            error={error}
            onChange={(event) => setText(event.target.value)}
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
