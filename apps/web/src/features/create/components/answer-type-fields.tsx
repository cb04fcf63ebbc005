import {
  ANSWER_TYPES,
  MAX_CHOICE_OPTIONS,
  MAX_TEXT_ANSWER_CHARACTERS,
  type QuestionFormValues,
  type QuestionInput,
} from '@candor/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Checkbox, Input } from '../../../components/form-field';
import { useErrorText } from '../../../lib/error-text';
import { RadioCards } from './radio-cards';

type QuestionForm = UseFormReturn<QuestionFormValues, unknown, QuestionInput>;

/**
 * How the candidate answers (decision 192): a recording, typed text with an optional character
 * limit, or a choice among options, some of which may mark an answer that does not meet a
 * requirement. Once someone has answered, these show but do not change.
 */
export function AnswerTypeFields({
  form,
  locked,
}: {
  form: QuestionForm;
  locked: boolean;
}) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const answerType = useWatch({ control: form.control, name: 'answer_type' });
  const { errors } = form.formState;
  return (
    <div className="space-y-4">
      <RadioCards
        legend={t('question.answerType')}
        values={ANSWER_TYPES}
        label={(value) => t(`question.answerTypeOption.${value}`)}
        field={form.register('answer_type')}
        disabled={locked}
        note={locked && t('locks.answeredField')}
      />
      {answerType === 'text' && (
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TEXT_ANSWER_CHARACTERS}
          label={t('question.maxCharacters')}
          hint={t('question.maxCharactersHint', {
            count: MAX_TEXT_ANSWER_CHARACTERS,
          })}
          disabled={locked}
          error={errorText(errors.max_characters?.message)}
          {...form.register('max_characters', {
            setValueAs: (value: string | number | null) =>
              value === '' || value === null ? null : Number(value),
          })}
        />
      )}
      {answerType === 'choice' && <ChoiceOptions form={form} locked={locked} />}
    </div>
  );
}

function ChoiceOptions({
  form,
  locked,
}: {
  form: QuestionForm;
  locked: boolean;
}) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  // Plain values rather than react-hook-form's field arrays: those would join the shared chunk
  // the sign-in and candidate pages download first (decision 184's budget).
  const options = useWatch({ control: form.control, name: 'options' }) ?? [];
  const setOptions = (next: typeof options) =>
    form.setValue('options', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const change = (index: number, patch: Partial<(typeof options)[number]>) =>
    setOptions(
      options.map((option, at) =>
        at === index ? { ...option, ...patch } : option,
      ),
    );
  const { errors } = form.formState;
  const listError = errors.options?.message ?? errors.options?.root?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {t('question.options')}
      </legend>
      <p className="text-sm text-muted">{t('question.optionsHint')}</p>
      <ol className="space-y-3">
        {options.map((option, index) => (
          <li
            key={option.id ?? `new-${index}`}
            className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-start"
          >
            <Input
              className="min-w-0 flex-1"
              label={t('question.option', { number: index + 1 })}
              error={errorText(errors.options?.[index]?.text?.message)}
              value={option.text}
              onChange={(event) => change(index, { text: event.target.value })}
            />
            <div className="flex items-center justify-between gap-3 sm:pt-7">
              <Checkbox
                label={t('question.knockout')}
                disabled={locked}
                checked={option.knockout ?? false}
                onChange={(event) =>
                  change(index, { knockout: event.target.checked })
                }
              />
              <Button
                variant="ghost"
                size="sm"
                disabled={locked}
                aria-label={t('question.removeOption', { number: index + 1 })}
                onClick={() =>
                  setOptions(options.filter((_, at) => at !== index))
                }
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {listError && (
        <p className="text-sm text-danger" role="alert">
          {errorText(listError)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={locked || options.length >= MAX_CHOICE_OPTIONS}
          onClick={() =>
            setOptions([...options, { text: '', knockout: false }])
          }
        >
          <Plus className="size-4" aria-hidden />
          {t('question.addOption')}
        </Button>
        <Checkbox
          label={t('question.multiple')}
          disabled={locked}
          {...form.register('multiple')}
        />
      </div>
    </fieldset>
  );
}
