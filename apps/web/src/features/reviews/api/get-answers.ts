import {
  answerSchema,
  pagedSchema,
  type Answer,
  type Paged,
} from '@candor/domain';
import {
  queryOptions,
  replaceEqualDeep,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export function getAnswers(
  job: number,
  application: number,
  signal?: AbortSignal,
) {
  return api.get(`/api/jobs/${job}/answers`, {
    query: { application, page_size: 100 },
    schema: pagedSchema(answerSchema),
    signal,
  });
}

/** While a recording is processed the list is read again this often (decision 128). */
export const PROCESSING_POLL_MS = 3_000;
/** …and this often once it has been processing for longer than a take normally takes. */
export const SLOW_PROCESSING_POLL_MS = 30_000;
const SLOW_AFTER_MS = 10 * 60_000;

type AnswerPage = Paged<Answer>;

const isProcessing = (answer: Answer) => answer.status === 'processing';

/**
 * How long until the answers are read again: never while nothing is processing (the list
 * then changes only through this page's own actions, which invalidate it).
 */
export function answersPollInterval(
  answers: readonly Answer[],
  now = Date.now(),
): number | false {
  const processing = answers.filter(isProcessing);
  if (processing.length === 0) return false;
  // created_at is when the upload arrived. A take still processing ten minutes later is
  // probably in its task's retries: a request every 3 s would not bring it sooner.
  const newest = Math.max(
    ...processing.map((answer) => Date.parse(answer.created_at)),
  );
  return now - newest > SLOW_AFTER_MS
    ? SLOW_PROCESSING_POLL_MS
    : PROCESSING_POLL_MS;
}

/**
 * Each read signs fresh video URLs (a new S3 signature every time): swapping the `src` of an
 * answer being watched would restart it, so while polling an answer that already played
 * keeps the URL it had. Once nothing processes, reads replace URLs as before, so none is
 * kept past the polling (the URLs live 4 h).
 */
export function keepSignedVideos(
  previous: AnswerPage | undefined,
  next: AnswerPage,
): AnswerPage {
  if (!previous?.results.some(isProcessing))
    return replaceEqualDeep(previous, next);
  const videos = new Map(
    previous.results.map((answer) => [answer.id, answer.video]),
  );
  return replaceEqualDeep(previous, {
    ...next,
    results: next.results.map((answer) => {
      const kept = videos.get(answer.id);
      return kept && answer.video ? { ...answer, video: kept } : answer;
    }),
  });
}

export const answersQuery = (job: number, application: number) =>
  queryOptions({
    queryKey: reviewKeys.part(job, application, 'answers'),
    queryFn: ({ signal }) => getAnswers(job, application, signal),
    select: (page) => page.results,
    refetchInterval: (query) =>
      answersPollInterval(query.state.data?.results ?? []),
    // A hidden tab has nobody to show the video to; the first tick after its return catches up.
    refetchIntervalInBackground: false,
    // Applied to the page as read (where the kept URLs live, so every render selects them)
    // and again to the list `select` makes of it.
    structuralSharing: (previous, next) =>
      Array.isArray(next)
        ? replaceEqualDeep(previous, next)
        : keepSignedVideos(
            previous as AnswerPage | undefined,
            next as AnswerPage,
          ),
  });

export const useAnswers = (job: number, application: number) =>
  useQuery(answersQuery(job, application));
