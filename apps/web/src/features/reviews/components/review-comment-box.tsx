import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Textarea } from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { useReviewComments, useSaveReviewComment } from '../api/comments';

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
  const [text, setText] = useState(own?.comment ?? '');
  const [error, setError] = useState<string>();
  // Another question, or the saved note changing, resets the text (adjusted while rendering).
  const source = `${question ?? ''}:${own?.comment ?? ''}`;
  const [shownSource, setShownSource] = useState(source);
  if (shownSource !== source) {
    setShownSource(source);
    setText(own?.comment ?? '');
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('comments.required'));
      return;
    }
    setError(undefined);
    save.mutate(
      { job, application, userId, question, comment: text.trim() },
      { onSuccess: () => toast.success(t('reviewComment.saved')) },
    );
  };

  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="space-y-2">
        <Textarea
          label={t('reviewComment.label')}
          placeholder={t('reviewComment.placeholder')}
          rows={3}
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
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
