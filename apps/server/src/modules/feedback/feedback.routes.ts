import {
  pathId,
  MATRIX_LEVELS,
  RATING_STYLES,
  feedbackPageSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { App } from '../../platform/http/app-types';
import { notFound } from '../../platform/http/errors';
import { brandingOf } from '../companies/companies.service';
import { listAnsweredQuestions } from '../reviews/reviews.repository';
import {
  findFeedbackApplication,
  listChosenCells,
  listFeedbackComments,
} from './feedback.repository';

const params = z.object({
  job: pathId,
  token: z.string().min(10).max(100),
});

/**
 * The interviewee's feedback page (public, reached by the application's unguessable token):
 * the matrix feedback of a rating_style 2 interview once it is Reviewed or in Outcomes.
 */
export function registerFeedbackRoutes(app: App, { db }: AppContext): void {
  app.get(
    '/api/feedback/:job/:token',
    {
      config: {
        access: 'public',
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['feedback'],
        params,
        response: { 200: feedbackPageSchema },
      },
    },
    async (request) => {
      const application = await findFeedbackApplication(db, {
        jobId: request.params.job,
        token: request.params.token,
      });
      const isReviewedOrDecided =
        application &&
        (application.shortlisted ||
          application.rejected ||
          application.reviewed_at !== null ||
          application.review_average !== null);
      if (
        !application ||
        !isReviewedOrDecided ||
        application.rating_style !== RATING_STYLES.matrix ||
        !application.feedback_enabled
      ) {
        throw notFound('This feedback');
      }
      const [answers, cells, comments] = await Promise.all([
        listAnsweredQuestions(db, application.id),
        listChosenCells(db, application.id),
        listFeedbackComments(db, application.id),
      ]);
      // Several reviewers may pick the same cell: the interviewee reads each sentence once.
      const texts = (question: number | null, level: number) => [
        ...new Set(
          cells
            .filter(
              (cell) =>
                cell.question_id === question &&
                cell.level === level &&
                cell.text_2,
            )
            .map((cell) => cell.text_2),
        ),
      ];
      return {
        job: { title: application.title },
        company: brandingOf({
          name: application.company_name,
          shortname: application.company_shortname,
          logo_key: application.logo_key,
          logo_updated_at: application.logo_updated_at,
          brand_color: application.brand_color,
        }),
        first_name: application.first_name,
        questions: answers.map((answer) => ({
          id: answer.question_id,
          text: answer.question_text,
          strengths: texts(answer.question_id, MATRIX_LEVELS.effective),
          improvements: texts(answer.question_id, MATRIX_LEVELS.improvement),
        })),
        communication: {
          strengths: texts(null, MATRIX_LEVELS.effective),
          improvements: texts(null, MATRIX_LEVELS.improvement),
        },
        comments: comments.map((row) => row.comment),
      };
    },
  );
}
