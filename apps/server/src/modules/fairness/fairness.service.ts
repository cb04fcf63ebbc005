import {
  SURVEY_CATEGORIES,
  SURVEY_GROUPS,
  MIN_REPORTED_GROUP,
  adverseImpact,
  completeSurveyAnswers,
  type AdverseImpactReport,
  type SurveyAnswersBody,
  type SurveyCategory,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import { AppError, notFound } from '../../platform/http/errors';
import {
  deleteSurveyAnswers,
  findCompanyJob,
  findSurveySettings,
  listRespondents,
  listSurveyAnswers,
  upsertSurveyAnswers,
} from './fairness.repository';
import { surveyHandle } from './survey-handle';

/**
 * Saves an interviewee's answers to the categories their company asks. The answers are kept
 * by their handle only, never beside the application (decision 181).
 */
export async function saveSurveyAnswers(
  ctx: AppContext,
  options: {
    applicationId: number;
    companyId: number;
    jobId: number;
    categories: readonly SurveyCategory[];
    answers: SurveyAnswersBody;
  },
): Promise<void> {
  const unasked = Object.keys(options.answers).find(
    (category) => !options.categories.includes(category as SurveyCategory),
  );
  if (unasked)
    throw new AppError(
      'bad_request',
      'This survey does not ask that question.',
      {
        [unasked]: ['This survey does not ask that question.'],
      },
    );
  await upsertSurveyAnswers(ctx.db, {
    handle: surveyHandle(ctx.config.signingSecret, options.applicationId),
    companyId: options.companyId,
    jobId: options.jobId,
    answers: completeSurveyAnswers(options.categories, options.answers),
  });
}

/** Erases the survey answers of interviewees being erased (retention, deletion). */
export async function eraseSurveyAnswers(
  db: Db,
  options: { secret: string; applicationIds: readonly number[] },
): Promise<void> {
  await deleteSurveyAnswers(
    db,
    options.applicationIds.map((id) => surveyHandle(options.secret, id)),
  );
}

/**
 * The adverse-impact figures of a company, or of one interview: per category, of those who
 * responded, the share shortlisted in each group. Respondents are matched to answers by handle
 * in memory, here and nowhere else; only counts leave this function, small groups masked.
 */
export async function buildAdverseImpactReport(
  ctx: AppContext,
  options: { companyId: number; jobId?: number },
): Promise<AdverseImpactReport> {
  const job =
    options.jobId === undefined
      ? null
      : await findCompanyJob(ctx.db, options.companyId, options.jobId);
  if (options.jobId !== undefined && !job) throw notFound('This interview');
  const scope = { companyId: options.companyId, jobId: options.jobId };
  const [settings, answers, respondents] = await Promise.all([
    findSurveySettings(ctx.db, options.companyId),
    listSurveyAnswers(ctx.db, scope),
    listRespondents(ctx.db, scope),
  ]);
  const shortlistedByHandle = new Map(
    respondents.map((row) => [
      surveyHandle(ctx.config.signingSecret, row.id),
      row.shortlisted,
    ]),
  );
  const matched = answers.flatMap((row) => {
    const shortlisted = shortlistedByHandle.get(row.handle);
    return shortlisted === undefined ? [] : [{ ...row, shortlisted }];
  });
  const categories = SURVEY_CATEGORIES.filter((category) =>
    matched.some((row) => category in row.answers),
  );
  return {
    job: job ?? null,
    min_group: MIN_REPORTED_GROUP,
    survey_enabled: settings.survey_enabled,
    categories: categories.map((category) => {
      const counts = SURVEY_GROUPS[category].map((group) => {
        // Only those asked the question: a category added later was not put to earlier ones.
        const members = matched.filter(
          (row) => row.answers[category] === group,
        );
        return {
          group,
          total: members.length,
          selected: members.filter((row) => row.shortlisted).length,
        };
      });
      return {
        category,
        stages: [
          {
            from: 'responded' as const,
            stage: 'shortlisted' as const,
            rows: adverseImpact(counts),
          },
        ],
      };
    }),
  };
}
