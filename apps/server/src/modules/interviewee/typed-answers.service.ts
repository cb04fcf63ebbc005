import {
  choiceResponseError,
  chosenOptions,
  knockoutQuestionIds,
  textResponseError,
  type TypedResponseBody,
  type TypedResponseReply,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/connection';
import type { Answer, Question } from '../../db/schema';
import { emit } from '../../platform/events/emit';
import { AppError, fieldError } from '../../platform/http/errors';
import { recordResponded } from '../answers/application-responded';
import { refreshAnswerProgress } from '../answers/answer-processing';
import {
  ARRIVED_STATUSES,
  findAnswerForQuestion,
  insertTypedAnswer,
  listApplicationAnswerStates,
  listApplicationChoices,
  setKnockoutQuestions,
} from '../answers/answers.repository';
import { markApplicationStarted } from '../webhooks/webhooks.repository';
import { interviewAvailability, requireOpen } from './interview-window';
import type { TokenApplication } from './interviewee.repository';
import { findQuestionOf, requireTokenApplication } from './interviewee.service';

type Response = { text: string | null; choices: number[] };

/**
 * A typed answer or the options chosen (decision 192): checked against the question, saved in
 * one transaction with the application's progress and knockout questions, and final like a
 * submitted recording. Sending the same answer again (a reply lost on the way) is answered as
 * the first time; a different one is refused.
 */
export async function saveTypedResponse(
  ctx: AppContext,
  options: { token: string; questionId: number; body: TypedResponseBody },
): Promise<TypedResponseReply> {
  const application = await requireTokenApplication(ctx, options.token);
  const { question, questions } = await findQuestionOf(
    ctx,
    application,
    options.questionId,
  );
  const response = checkedResponse(question, options.body);
  const existing = await findAnswerForQuestion(
    ctx.db,
    application.id,
    question.id,
  );
  let answerId: number;
  if (existing && ARRIVED_STATUSES.includes(existing.status)) {
    if (!sameResponse(existing, response))
      throw new AppError(
        'conflict',
        'You have already answered this question.',
      );
    answerId = existing.id;
  } else {
    requireOpen(
      interviewAvailability(application, questions.length, new Date()),
    );
    if (!application.consented_at)
      throw new AppError(
        'forbidden',
        'Please agree to the recording and use of your answers first.',
      );
    answerId = await ctx.db
      .transaction()
      .execute((trx) => saveResponse(trx, { application, question, response }));
  }
  const states = await listApplicationAnswerStates(ctx.db, application.id);
  const answered = states
    .filter((state) => ARRIVED_STATUSES.includes(state.status))
    .map((state) => state.question_id);
  return {
    answer: answerId,
    status: 'ready',
    answered_question_ids: answered,
    completed: questions.every((item) => answered.includes(item.id)),
    ...response,
  };
}

/** The body as this question's type takes it, or a 400 the page shows. */
function checkedResponse(
  question: Question,
  body: TypedResponseBody,
): Response {
  if (question.answer_type === 'text') {
    if (body.text === undefined)
      throw fieldError('text', 'Type your answer to this question.');
    const problem = textResponseError(question, body.text);
    if (problem) throw fieldError('text', problem);
    return { text: body.text, choices: [] };
  }
  if (question.answer_type === 'choice') {
    if (body.choices === undefined)
      throw fieldError('choices', 'Choose your answer to this question.');
    const problem = choiceResponseError(question, body.choices);
    if (problem) throw fieldError('choices', problem);
    return { text: null, choices: body.choices };
  }
  throw new AppError(
    'bad_request',
    'This question is answered by recording a video.',
  );
}

function sameResponse(answer: Answer, response: Response): boolean {
  const chosen = (answer.choices ?? []).map((option) => option.id);
  return (
    answer.text_answer === response.text &&
    chosen.length === response.choices.length &&
    response.choices.every((id) => chosen.includes(id))
  );
}

async function saveResponse(
  db: Db,
  options: {
    application: TokenApplication;
    question: Question;
    response: Response;
  },
): Promise<number> {
  const { application, question, response } = options;
  const saved = await insertTypedAnswer(db, {
    applicationId: application.id,
    questionId: question.id,
    questionText: question.text,
    order: question.order,
    answerType: question.answer_type === 'text' ? 'text' : 'choice',
    text: response.text,
    choices:
      question.answer_type === 'choice'
        ? chosenOptions(question.options, response.choices)
        : null,
  });
  // Another request saved this answer first.
  if (!saved)
    throw new AppError('conflict', 'You have already answered this question.');
  if (question.answer_type === 'choice')
    await setKnockoutQuestions(
      db,
      application.id,
      knockoutQuestionIds(await listApplicationChoices(db, application.id)),
    );
  if (await markApplicationStarted(db, application.id))
    await emit(db, {
      type: 'application.started',
      companyId: application.company_id,
      applicationId: application.id,
      data: {},
    });
  const progress = await refreshAnswerProgress(db, application.id);
  if (progress.respondedNow) await recordResponded(db, application.id);
  return saved.id;
}
