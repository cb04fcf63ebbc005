import { SATISFACTION_COMMENT_MAX, SATISFACTION_SCORES } from '@candor/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Textarea } from '../../../components/form-field';
import { useErrorText } from '../../../lib/error-text';
import { useRateInterview } from '../api/rate-interview';

/**
 * "How was this interview?" on the thank-you page (issue 47, decision 196): a score and an
 * optional comment for the company's report, never shown beside the candidate's answers.
 */
export function SatisfactionForm(props: { token: string; company: string }) {
  const { t } = useTranslation('interviewee');
  const errorText = useErrorText();
  const send = useRateInterview(props.token);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sent, setSent] = useState(false);

  if (sent)
    return (
      <p
        role="status"
        className="rounded-lg border border-border bg-white px-4 py-3 text-sm text-slate-700"
      >
        {t('satisfaction.sent')}
      </p>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return;
    send.mutate({ rating, comment }, { onSuccess: () => setSent(true) });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="satisfaction-title"
      className="rounded-xl border border-border bg-white p-5 text-left shadow-sm sm:p-6"
    >
      <fieldset>
        <legend
          id="satisfaction-title"
          className="text-lg font-semibold text-ink"
        >
          {t('satisfaction.title')}
        </legend>
        <p className="mt-1 text-sm text-slate-600">
          {t('satisfaction.intro', { company: props.company })}
        </p>
        <div className="mt-4 grid grid-cols-5 gap-2">
          {SATISFACTION_SCORES.map((score) => (
            <label
              key={score}
              className="relative flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-border px-1 py-2 text-center has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name="satisfaction"
                value={score}
                checked={rating === score}
                onChange={() => setRating(score)}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
                aria-label={t(`satisfaction.scores.${score}`)}
              />
              <span
                className="text-xl font-semibold text-ink tabular-nums"
                aria-hidden
              >
                {score}
              </span>
              <span
                className="text-xs leading-tight text-slate-600"
                aria-hidden
              >
                {t(`satisfaction.words.${score}`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Textarea
        label={t('satisfaction.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={SATISFACTION_COMMENT_MAX}
        rows={3}
        className="mt-5"
      />
      {send.error && (
        <div className="mt-4">
          <FormError>{errorText(send.error.message)}</FormError>
        </div>
      )}
      <div className="mt-5 flex justify-end">
        <Button
          type="submit"
          loading={send.isPending}
          disabled={rating === null}
          className="w-full sm:w-auto"
        >
          {t('satisfaction.send')}
        </Button>
      </div>
    </form>
  );
}
