import { zodResolver } from '@hookform/resolvers/zod';
import {
  MOTIVATION_COMPETENCY,
  needsReviewCompetency,
  questionInputSchema,
  QUESTION_MEDIA,
  type Job,
  type JobEditLocks,
  type Competency,
  type Question,
  type QuestionFormValues,
  type QuestionInput,
  type Video,
} from '@candor/domain';
import { Library } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError, Select, Textarea } from '../../../components/form-field';
import { RecordVideoButton } from '../../../components/record-video-modal';
import { SkeletonText } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useConstants, useCurrentUser } from '../../../lib/session';
import { useCompetencies } from '../api/get-question-bank';
import { useQuestionVideos } from '../api/get-library-videos';
import { useSaveQuestion } from '../api/question-mutations';
import { AnswerTypeFields } from './answer-type-fields';
import { QuestionBankModal } from './question-bank-modal';
import { RadioCards } from './radio-cards';

const FIELDS = [
  'text',
  'thinking_time',
  'time_limit',
  'competency',
  'review_competency',
  'media',
  'video_id',
  'answer_type',
  'max_characters',
  'options',
] as const;
const toNumberOrNull = (value: string | number | null) =>
  value === '' || value === null ? null : Number(value);

function toForm(
  question: Question | undefined,
  defaultThinking: number,
): QuestionFormValues {
  return {
    text: question?.text ?? '',
    thinking_time: question?.thinking_time ?? defaultThinking,
    // A typed answer without a limit is stored as 0: the form shows "No time limit".
    time_limit: question?.time_limit || null,
    competency: question?.competency ?? MOTIVATION_COMPETENCY,
    review_competency: question?.review_competency ?? null,
    media: question?.media ?? 'tts',
    video_id: question?.video_id ?? null,
    answer_type: question?.answer_type ?? 'video',
    max_characters: question?.max_characters ?? null,
    options: question?.options ?? [],
    multiple: question?.multiple ?? false,
  };
}

/** Writes or edits one question: text (own or from the bank), timings, competencies, media. */
type EditorProps = {
  job: Job;
  question?: Question;
  /** What answering and rating fixed (decision 138): those choices show but do not change. */
  locks?: Pick<JobEditLocks, 'questionTiming' | 'questionCompetencies'>;
  onDone: () => void;
};

/** The form waits for the competency list, so a select never starts on a missing choice. */
export function QuestionEditor(props: EditorProps) {
  const { job } = props;
  const competencies = useCompetencies({
    function: job.function || undefined,
    role: job.role || undefined,
  });
  if (!competencies.data) return <SkeletonText lines={6} />;
  return <QuestionForm {...props} competencies={competencies.data} />;
}

function QuestionForm({
  job,
  question,
  locks,
  onDone,
  competencies,
}: EditorProps & { competencies: Competency[] }) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const constants = useConstants();
  const user = useCurrentUser();
  const save = useSaveQuestion();
  const [bankOpen, setBankOpen] = useState(false);
  // A video recorded here is offered even before the refreshed library list arrives.
  const [recorded, setRecorded] = useState<Video | null>(null);
  const form = useForm<QuestionFormValues, unknown, QuestionInput>({
    resolver: zodResolver(questionInputSchema),
    defaultValues: toForm(question, constants.questions.default_thinking_time),
  });
  const { errors } = form.formState;
  const [competency, media, videoId, answerType] = useWatch({
    control: form.control,
    name: ['competency', 'media', 'video_id', 'answer_type'],
  });
  const shortname = user.current_company?.shortname ?? '';
  const videos = useQuestionVideos(shortname, media === 'video');
  const videoChoices = [
    ...(recorded && !videos.data?.some((video) => video.id === recorded.id)
      ? [recorded]
      : []),
    ...(videos.data ?? []),
  ];
  const chooseVideo = (id: number | null) =>
    form.setValue('video_id', id, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const showReviewCompetency = needsReviewCompetency(
    job.rating_style,
    Number(competency ?? 0),
  );
  const minutes = (seconds: number) =>
    seconds < 60
      ? t('time.seconds', { count: seconds })
      : t('time.minutes', { count: seconds / 60 });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        jobId: job.id,
        id: question?.id,
        values: showReviewCompetency
          ? values
          : { ...values, review_competency: null },
      },
      {
        onSuccess: onDone,
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
  const timingLocked = !!question && (locks?.questionTiming ?? false);
  const competencyLocked = !!question && (locks?.questionCompetencies ?? false);
  // A locked choice is shown, not registered: the form keeps the question's own value.
  const lockedProps = (value: number | null, hint: string) => ({
    value: value ?? '',
    disabled: true,
    hint,
    onChange: () => undefined,
  });
  const failure = save.error;
  const formError =
    failure &&
    (!isApiError(failure) ||
      !FIELDS.some((field) => failure.fieldMessage(field)));
  const competencyOptions = [
    { value: MOTIVATION_COMPETENCY, label: t('question.motivation') },
    ...competencies.map((item) => ({
      value: item.id,
      label: item.name,
    })),
  ];

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={question ? t('question.editTitle') : t('question.addTitle')}
    >
      {formError && <FormError>{errorText(failure.message)}</FormError>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-ink">
          {question ? t('question.editTitle') : t('question.addTitle')}
        </h3>
        <Button variant="secondary" size="sm" onClick={() => setBankOpen(true)}>
          <Library className="size-4" aria-hidden />
          {t('question.fromBank')}
        </Button>
      </div>
      <Textarea
        label={t('question.text')}
        placeholder={t('question.textPlaceholder')}
        rows={3}
        required
        error={errorText(errors.text?.message)}
        {...form.register('text')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('question.competency')}
          options={competencyOptions}
          error={errorText(errors.competency?.message)}
          {...(competencyLocked && question
            ? lockedProps(question.competency, t('locks.ratedField'))
            : form.register('competency', { setValueAs: Number }))}
        />
        {showReviewCompetency && (
          <Select
            label={t('question.reviewCompetency')}
            placeholder={t('question.chooseReviewCompetency')}
            options={competencyOptions.slice(1)}
            error={errorText(errors.review_competency?.message)}
            {...(competencyLocked && question
              ? lockedProps(question.review_competency, t('locks.ratedField'))
              : form.register('review_competency', {
                  setValueAs: toNumberOrNull,
                }))}
          />
        )}
        {answerType === 'video' && (
          <Select
            label={t('question.thinkingTime')}
            options={constants.questions.thinking_times.map((value) => ({
              value,
              label: value === 0 ? t('time.none') : minutes(value),
            }))}
            error={errorText(errors.thinking_time?.message)}
            {...(timingLocked && question
              ? lockedProps(question.thinking_time, t('locks.answeredField'))
              : form.register('thinking_time', { setValueAs: Number }))}
          />
        )}
        {answerType !== 'choice' && (
          <Select
            label={t('question.timeLimit')}
            placeholder={
              answerType === 'text'
                ? t('time.noLimit')
                : t('time.default', {
                    time: minutes(constants.questions.default_time_limit),
                  })
            }
            options={constants.questions.time_limits.map((value) => ({
              value,
              label: minutes(value),
            }))}
            error={errorText(errors.time_limit?.message)}
            {...(timingLocked && question
              ? lockedProps(question.time_limit, t('locks.answeredField'))
              : form.register('time_limit', { setValueAs: toNumberOrNull }))}
          />
        )}
      </div>
      <AnswerTypeFields form={form} locked={timingLocked} />
      <RadioCards
        legend={t('question.media')}
        values={QUESTION_MEDIA}
        label={(value) => t(`question.mediaOption.${value}`)}
        field={form.register('media')}
      />
      {media === 'video' && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Select
            className="min-w-0 flex-1"
            label={t('question.video')}
            placeholder={
              videos.isLoading
                ? t('question.loadingVideos')
                : t('question.chooseVideo')
            }
            options={videoChoices.map((video) => {
              const name = video.description || video.filename;
              return {
                value: video.id,
                label: video.url
                  ? name
                  : t('question.processingVideo', { name }),
              };
            })}
            hint={
              <>
                {videos.data &&
                  videoChoices.length === 0 &&
                  `${t('question.noVideos')} `}
                {/* Uploaded files land in the library, then show up here. */}
                <a
                  href={paths.library}
                  target="_blank"
                  rel="noreferrer"
                  className="text-brand-700 underline-offset-4 hover:underline"
                >
                  {t('question.uploadInLibrary')}
                </a>
              </>
            }
            error={errorText(errors.video_id?.message)}
            // Controlled: the list arrives after the form, and must still show the chosen video.
            value={videoId ?? ''}
            onChange={(event) =>
              chooseVideo(toNumberOrNull(event.target.value))
            }
          />
          {/* Recording uploads into the library and makes the new video this question's. */}
          <div className="sm:pt-6">
            <RecordVideoButton
              shortname={shortname}
              label={t('question.recordVideo')}
              saveLabel={t('question.useRecording')}
              onSaved={(video) => {
                setRecorded(video);
                chooseVideo(video.id);
              }}
            />
          </div>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          {t('actions.cancel', { ns: 'common' })}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {question ? t('question.save') : t('question.add')}
        </Button>
      </div>
      <QuestionBankModal
        job={job}
        open={bankOpen}
        onOpenChange={setBankOpen}
        onPick={(picked) => {
          form.setValue('text', picked.text, {
            shouldDirty: true,
            shouldValidate: true,
          });
          if (!competencyLocked)
            form.setValue('competency', picked.competency, {
              shouldDirty: true,
            });
          setBankOpen(false);
        }}
      />
    </form>
  );
}
