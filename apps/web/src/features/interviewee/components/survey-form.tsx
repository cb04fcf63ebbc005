import {
  SURVEY_GROUPS,
  type SurveyAnswersBody,
  type SurveyCategory,
} from '@candor/domain';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-field';
import { useErrorText } from '../../../lib/error-text';
import { useAnswerSurvey } from '../api/answer-survey';

/**
 * The voluntary equal-opportunity survey on the thank-you page (decision 181). It says plainly
 * that it is optional and where the answers go, because a candidate who fears it is read with
 * their application would either skip it or answer it less truthfully.
 */
export function SurveyForm(props: {
  token: string;
  company: string;
  categories: readonly SurveyCategory[];
}) {
  const { t } = useTranslation('interviewee');
  const { t: tSurvey } = useTranslation('survey');
  const errorText = useErrorText();
  const send = useAnswerSurvey(props.token);
  const [answers, setAnswers] = useState<SurveyAnswersBody>({});
  const [state, setState] = useState<'open' | 'skipped' | 'sent'>('open');

  if (state !== 'open')
    return (
      <p className="rounded-lg border border-border bg-white px-4 py-3 text-sm text-slate-700">
        {state === 'sent' ? t('survey.sent') : t('survey.skipped')}
      </p>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(answers, { onSuccess: () => setState('sent') });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="survey-title"
      className="rounded-xl border border-border bg-white p-5 text-left shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck
          className="mt-0.5 size-5 shrink-0 text-brand-700"
          aria-hidden
        />
        <div>
          <h2 id="survey-title" className="text-lg font-semibold text-ink">
            {t('survey.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t('survey.intro', { company: props.company })}
          </p>
        </div>
      </div>
      <div className="mt-5 space-y-5">
        {props.categories.map((category) => (
          <fieldset key={category}>
            <legend className="text-sm font-medium text-slate-800">
              {tSurvey(`questions.${category}`)}
            </legend>
            <div className="mt-2 grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
              {SURVEY_GROUPS[category].map((group) => (
                <label
                  key={group}
                  className="flex items-center gap-2 text-sm text-slate-700"
                >
                  <input
                    type="radio"
                    name={category}
                    value={group}
                    checked={answers[category] === group}
                    onChange={() =>
                      setAnswers((current) => ({
                        ...current,
                        [category]: group,
                      }))
                    }
                    className="size-4 accent-brand-700"
                  />
                  {tSurvey(`groups.${category}.${group}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {send.error && (
        <div className="mt-4">
          <FormError>{errorText(send.error.message)}</FormError>
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setState('skipped')}>
          {t('survey.skip')}
        </Button>
        <Button type="submit" loading={send.isPending}>
          {t('survey.send')}
        </Button>
      </div>
    </form>
  );
}
