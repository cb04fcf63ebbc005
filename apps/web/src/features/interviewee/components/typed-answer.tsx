import {
  MAX_TEXT_ANSWER_CHARACTERS,
  type IntervieweeQuestion,
} from '@candor/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useSendResponse } from '../api/send-response';
import { useCountdown } from '../hooks/use-countdown';
import { formatClock } from '../lib/recording';
import { readTypedDraft, writeTypedDraft } from '../lib/typed-draft';
import { QuestionMedia, type QuestionMediaSource } from './question-media';

/**
 * A question answered by typing or by choosing among options (decision 192). The answer is
 * saved at once when the candidate submits; a typed one is kept on the device meanwhile.
 */
export function TypedAnswer({
  token,
  question,
  label,
  media,
  submitLabel,
  onSaved,
}: {
  token: string;
  question: IntervieweeQuestion;
  label: string;
  media: QuestionMediaSource | null;
  submitLabel: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation('interviewee');
  const errorText = useErrorText();
  const send = useSendResponse(token, question.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState(() => readTypedDraft(token, question.id));
  const [choices, setChoices] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const limit = question.max_characters ?? MAX_TEXT_ANSWER_CHARACTERS;
  const timed = question.answer_type === 'text' && question.time_limit > 0;
  const left = useCountdown(question.time_limit, timed, () => undefined);
  const timeUp = timed && left <= 0;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = question.answer_type === 'text' ? { text } : { choices };
    if (question.answer_type === 'text' && text.trim() === '')
      return setProblem(t('typed.emptyText'));
    if (question.answer_type === 'choice' && choices.length === 0)
      return setProblem(t('typed.noChoice'));
    setProblem(null);
    send.mutate(body, {
      onSuccess: () => {
        writeTypedDraft(token, question.id, '');
        onSaved();
      },
    });
  };

  const failure = send.error
    ? isApiError(send.error)
      ? errorText(send.error.message)
      : t('typed.offline')
    : null;
  const error = problem ?? failure;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 rounded-xl border border-border bg-surface p-5 shadow-xs sm:p-6"
    >
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {label}
      </p>
      <h1
        ref={heading}
        tabIndex={-1}
        id={`question-${question.id}`}
        className="text-xl leading-snug font-semibold text-ink focus:outline-none sm:text-2xl"
        data-testid="question-text"
      >
        {question.text}
      </h1>
      {media && <QuestionMedia media={media} onEvent={() => undefined} />}
      {question.answer_type === 'text' ? (
        <div className="flex flex-col gap-1.5">
          <label
            htmlFor={`answer-${question.id}`}
            className="text-sm font-medium text-slate-800"
          >
            {t('typed.yourAnswer')}
          </label>
          <textarea
            id={`answer-${question.id}`}
            rows={8}
            value={text}
            maxLength={limit}
            readOnly={timeUp}
            aria-invalid={!!error || undefined}
            aria-describedby={`answer-${question.id}-count`}
            className="w-full rounded-lg border border-border bg-white px-3 py-2 text-base text-ink shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            onChange={(event) => {
              setText(event.target.value);
              writeTypedDraft(token, question.id, event.target.value);
            }}
          />
          <p
            id={`answer-${question.id}-count`}
            className="flex flex-wrap justify-between gap-2 text-sm text-muted"
          >
            <span>{t('typed.characters', { used: text.length, limit })}</span>
            {timed && (
              <span aria-live={timeUp ? 'polite' : 'off'}>
                {timeUp
                  ? t('typed.timeUp')
                  : t('typed.timeLeft', { time: formatClock(left) })}
              </span>
            )}
          </p>
        </div>
      ) : (
        <fieldset aria-labelledby={`question-${question.id}`}>
          <p className="mb-2 text-sm text-muted">
            {question.multiple
              ? t('typed.chooseSeveral')
              : t('typed.chooseOne')}
          </p>
          <div className="flex flex-col gap-2">
            {question.options.map((option) => (
              <label
                key={option.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border bg-white px-4 py-2 text-base text-ink has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type={question.multiple ? 'checkbox' : 'radio'}
                  name={`choice-${question.id}`}
                  value={option.id}
                  checked={choices.includes(option.id)}
                  className="size-4 shrink-0 accent-brand-700"
                  onChange={(event) =>
                    setChoices((chosen) =>
                      !question.multiple
                        ? [option.id]
                        : event.target.checked
                          ? [...chosen, option.id]
                          : chosen.filter((id) => id !== option.id),
                    )
                  }
                />
                {option.text}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {error && <FormError>{error}</FormError>}
      <div className="flex justify-end">
        <Button type="submit" loading={send.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
