import { zodResolver } from '@hookform/resolvers/zod';
import {
  KNOCKOUT_ACTIONS,
  jobDetailsSchema,
  type Job,
  type JobDetails,
  type JobDetailsInput,
  type JobEditLocks,
  defaultRatingAnchors,
} from '@candor/domain';
import { ArrowRight, SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { FormActions } from '../../../components/form-actions';
import {
  Checkbox,
  FormError,
  Input,
  Select,
  Textarea,
} from '../../../components/form-field';
import { toast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { stepPath } from '../../../lib/create-step';
import { useErrorText } from '../../../lib/error-text';
import { useConstants, useCurrentUser } from '../../../lib/session';
import { useSaveJob } from '../api/save-job';
import { AttachmentsField, useAttachmentUploads } from './attachments-field';
import { StepFooter } from './create-frame';

const FIELDS = [
  'title',
  'function',
  'role',
  'deadline',
  'description',
  'language',
  'rating_style',
  'rating_scale',
  'rating_min',
] as const;

function toForm(job: Job | undefined): JobDetailsInput {
  return {
    title: job?.title ?? '',
    function: job?.function ?? '',
    role: job?.role ?? '',
    deadline: job?.deadline ? job.deadline.slice(0, 10) : null,
    description: job?.description ?? '',
    language: job?.language ?? 'en-gb',
    rating_style: (job?.rating_style ?? 1) as 0 | 1 | 2,
    rating_scale: job?.rating_scale ?? 5,
    rating_min: (job?.rating_min ?? 1) as 0 | 1,
    // A new interview starts with the suggested anchors, so reviewers share words from the
    // first rating; an existing one keeps what it has, none included.
    rating_descriptions:
      job?.rating_descriptions ??
      defaultRatingAnchors({ scale: 5, language: 'en-gb' }),
    allow_answer_review: job?.allow_answer_review ?? true,
    blind_until_rated: job?.blind_until_rated ?? false,
    knockout_action: job?.knockout_action ?? 'flag',
  };
}

/**
 * The interview's details and review setup. In the creation steps saving goes on to the
 * questions; on the details page of an interview (`mode="edit"`) it saves in place, with what
 * answering and rating fixed (`locks`, decision 138) shown but not changeable.
 */
export function DetailsForm({
  job,
  mode = 'create',
  locks,
}: {
  job?: Job;
  mode?: 'create' | 'edit';
  locks?: JobEditLocks;
}) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const constants = useConstants();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const save = useSaveJob();
  const uploads = useAttachmentUploads();
  const [reviewOpen, setReviewOpen] = useState(false);
  const form = useForm<JobDetailsInput, unknown, JobDetails>({
    resolver: zodResolver(jobDetailsSchema),
    defaultValues: toForm(job),
  });
  const { errors } = form.formState;
  const [scale, minimum, descriptions, ratingStyle, language] = useWatch({
    control: form.control,
    name: [
      'rating_scale',
      'rating_min',
      'rating_descriptions',
      'rating_style',
      'language',
    ],
  });
  const suggested = defaultRatingAnchors({
    scale: scale ?? 5,
    language: language ?? 'en-gb',
  });
  // While a new interview's anchors are still the suggested ones, they follow the scale and
  // the language; once someone edits one, they are theirs. An existing interview's never move.
  const lastSuggested = useRef(
    job ? null : form.getValues('rating_descriptions'),
  );
  useEffect(() => {
    const current = form.getValues('rating_descriptions') ?? [];
    if (
      lastSuggested.current === null ||
      JSON.stringify(current) !== JSON.stringify(lastSuggested.current)
    )
      return;
    lastSuggested.current = suggested;
    form.setValue('rating_descriptions', suggested);
    // `suggested` is derived from the two values below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scale, language, form]);
  const levels = Array.from(
    { length: (scale ?? 5) - (minimum ?? 1) + 1 },
    (_, index) => (minimum ?? 1) + index,
  );
  const describe = (level: number, text: string) => {
    const others = (descriptions ?? []).filter(
      (entry) => entry.level !== level && levels.includes(entry.level),
    );
    form.setValue(
      'rating_descriptions',
      [...others, { level, text }].sort((a, b) => a.level - b.level),
      { shouldDirty: true },
    );
  };

  const submit = form.handleSubmit((details) =>
    save.mutate(
      { id: job?.id, company: user.current_company?.shortname ?? '', details },
      {
        onSuccess: async (saved) => {
          await uploads.sendWaiting(saved.id);
          if (mode === 'edit') {
            form.reset(toForm(saved));
            toast.success(t('edit.saved'));
          } else void navigate(stepPath(saved.id, 'add-questions'));
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const field of FIELDS) {
            const message = error.fieldMessage(field);
            if (message) form.setError(field, { message });
          }
        },
      },
    ),
  );
  const failure = save.error;
  const formError =
    failure &&
    (!isApiError(failure) ||
      !FIELDS.some((field) => failure.fieldMessage(field)));
  const choice = (names: { name: string }[]) =>
    names.map(({ name }) => ({ value: name, label: name }));
  const languageLocked = locks?.answering ?? false;
  const ratingLocked = locks?.ratingSetup ?? false;
  // A locked choice is shown, not registered: the form keeps the interview's own value.
  const locked = (value: string | number, hint?: string) => ({
    value,
    disabled: true,
    ...(hint ? { hint } : {}),
    onChange: () => undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {formError && <FormError>{errorText(failure.message)}</FormError>}
      <Card padding="lg" className="space-y-5">
        <CardHeader
          title={t('details.heading')}
          description={
            mode === 'edit' ? t('details.introEdit') : t('details.intro')
          }
          className="mb-0"
        />
        <Input
          label={t('details.title')}
          placeholder={t('details.titlePlaceholder')}
          required
          error={errorText(errors.title?.message)}
          {...form.register('title')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Select
            label={t('details.function')}
            placeholder={t('details.choose')}
            options={choice(constants.functions)}
            error={errorText(errors.function?.message)}
            {...form.register('function')}
          />
          <Select
            label={t('details.role')}
            placeholder={t('details.choose')}
            options={choice(constants.roles)}
            error={errorText(errors.role?.message)}
            {...form.register('role')}
          />
          <Input
            type="date"
            label={t('details.deadline')}
            hint={t('details.deadlineHint')}
            error={errorText(errors.deadline?.message)}
            {...form.register('deadline', {
              setValueAs: (value: string | null) => value || null,
            })}
          />
          <Select
            label={t('details.language')}
            options={constants.languages.map((language) => ({
              value: language.id,
              label: language.name,
            }))}
            error={errorText(errors.language?.message)}
            {...(languageLocked && job
              ? locked(job.language, t('locks.answeredField'))
              : form.register('language'))}
          />
        </div>
        <Textarea
          label={t('details.introduction')}
          hint={t('details.introductionHint')}
          rows={5}
          error={errorText(errors.description?.message)}
          {...form.register('description')}
        />
        <AttachmentsField jobId={job?.id} uploads={uploads} />
      </Card>

      <Card padding="lg" className="space-y-5">
        <CardHeader
          title={t('details.reviewSetup')}
          description={t('details.reviewSetupIntro')}
          className="mb-0"
          actions={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setReviewOpen((open) => !open)}
              aria-expanded={reviewOpen}
            >
              <SlidersHorizontal className="size-4" aria-hidden />
              {t('details.editReviewSetup')}
            </Button>
          }
        />
        <fieldset
          disabled={ratingLocked}
          aria-describedby={ratingLocked ? 'rating-style-locked' : undefined}
        >
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {t('details.ratingStyle')}
          </legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {constants.rating_styles.map((style) => (
              <label
                key={style.id}
                className="flex cursor-pointer items-start gap-2 rounded-lg border border-border p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-70"
              >
                <input
                  type="radio"
                  name="rating_style"
                  value={style.id}
                  checked={Number(ratingStyle) === style.id}
                  onChange={() =>
                    form.setValue('rating_style', style.id as 0 | 1 | 2, {
                      shouldDirty: true,
                    })
                  }
                  className="mt-0.5 accent-brand-700"
                />
                <span>
                  <span className="block font-medium text-ink">
                    {t(`ratingStyle.${style.id}.name`)}
                  </span>
                  <span className="text-muted">
                    {t(`ratingStyle.${style.id}.hint`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Select
          label={t('details.ratingScale')}
          className="sm:w-60"
          options={constants.rating_scales.map((value) => ({
            value,
            label: t('details.scaleOption', { value }),
          }))}
          error={errorText(errors.rating_scale?.message)}
          {...(ratingLocked && job
            ? locked(job.rating_scale)
            : form.register('rating_scale', { valueAsNumber: true }))}
        />
        {ratingLocked && (
          <p id="rating-style-locked" className="-mt-2 text-sm text-muted">
            {t('locks.ratedField')}
          </p>
        )}
        <Checkbox
          label={t('details.blindUntilRated')}
          hint={t('details.blindUntilRatedHint')}
          {...form.register('blind_until_rated')}
        />
        <Select
          label={t('details.knockoutAction')}
          hint={t('details.knockoutActionHint')}
          className="sm:max-w-md"
          options={KNOCKOUT_ACTIONS.map((value) => ({
            value,
            label: t(`details.knockoutOption.${value}`),
          }))}
          {...form.register('knockout_action')}
        />
        {reviewOpen && (
          <div className="space-y-4 rounded-lg bg-slate-50 p-4">
            <h3 className="text-sm font-semibold text-ink">
              {t('details.criteria')}
            </h3>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="text-sm text-muted">{t('details.criteriaHint')}</p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  form.setValue('rating_descriptions', suggested, {
                    shouldDirty: true,
                  })
                }
              >
                {t('details.criteriaSuggested')}
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {levels.map((level) => (
                <Textarea
                  key={level}
                  rows={2}
                  label={t('details.criterionLabel', { level })}
                  value={
                    (descriptions ?? []).find((entry) => entry.level === level)
                      ?.text ?? ''
                  }
                  onChange={(event) => describe(level, event.target.value)}
                  maxLength={200}
                />
              ))}
            </div>
            <Checkbox
              label={t('details.allowAnswerReview')}
              {...form.register('allow_answer_review')}
            />
          </div>
        )}
      </Card>

      {mode === 'edit' ? (
        <FormActions sticky={form.formState.isDirty}>
          <Button
            variant="ghost"
            disabled={!form.formState.isDirty || save.isPending}
            onClick={() => form.reset()}
          >
            {t('actions.discard', { ns: 'common' })}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('actions.saveChanges', { ns: 'common' })}
          </Button>
        </FormActions>
      ) : (
        <StepFooter>
          <span />
          <Button type="submit" size="lg" loading={save.isPending}>
            {t('details.submit')}
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        </StepFooter>
      )}
    </form>
  );
}
