import {
  bankQuestionQuerySchema,
  bankQuestionSchema,
  MOTIVATION_COMPETENCY,
  pageQuerySchema,
  pagedSchema,
  questionInputSchema,
  questionOrderSchema,
  questionSchema,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { jobOf, userOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { pagedReply } from '../../platform/http/paging';
import { ensureQuestionAudio } from '../../platform/tts/question-audio';
import { sendStoredFile } from '../../platform/tts/send-stored-file';
import { languageOf } from '../jobs/jobs.service';
import {
  readQuestionCaptions,
  saveQuestionCaptions,
} from './question-captions.service';
import { listBankQuestions, listQuestionRows } from './questions.repository';
import {
  addQuestion,
  changeQuestion,
  removeQuestion,
  reorderQuestions,
  requireQuestion,
  toQuestionReply,
} from './questions.service';
import { jobParams, jobItemParams } from '../../platform/http/path-params';

const listQuery = pageQuerySchema.extend({
  page_size: pageQuerySchema.shape.page_size.default(100),
});

export function registerQuestionRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  const listReply = async (jobId: number) => {
    const rows = await listQuestionRows(db, jobId);
    return Promise.all(rows.map((row) => toQuestionReply(ctx, row)));
  };

  app.get(
    '/api/jobs/:job/questions',
    {
      config: { access: { job: 'read' }, apiKey: 'read' },
      schema: {
        tags: ['questions'],
        params: jobParams,
        querystring: listQuery,
        response: { 200: pagedSchema(questionSchema) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const all = await listReply(jobOf(request).id);
      const results = all.slice((page - 1) * page_size, page * page_size);
      return pagedReply(request, {
        count: all.length,
        page,
        page_size,
        results,
      });
    },
  );

  app.post(
    '/api/jobs/:job/questions',
    {
      config: { access: { job: 'manage' }, apiKey: 'write' },
      schema: {
        tags: ['questions'],
        params: jobParams,
        body: questionInputSchema,
        response: { 201: questionSchema },
      },
    },
    async (request, reply) => {
      const job = jobOf(request);
      const id = await addQuestion(ctx, userOf(request), job, request.body);
      return reply
        .status(201)
        .send(
          await toQuestionReply(ctx, await requireQuestion(ctx, job.id, id)),
        );
    },
  );

  app.post(
    '/api/jobs/:job/questions/order',
    {
      config: { access: { job: 'manage' } },
      schema: {
        tags: ['questions'],
        params: jobParams,
        body: questionOrderSchema,
        response: { 200: z.array(questionSchema) },
      },
    },
    async (request) => {
      const job = jobOf(request);
      await reorderQuestions(ctx, userOf(request), job, request.body.ids);
      return listReply(job.id);
    },
  );

  app.get(
    '/api/jobs/:job/questions/:id',
    {
      config: { access: { job: 'read' }, apiKey: 'read' },
      schema: {
        tags: ['questions'],
        params: jobItemParams,
        response: { 200: questionSchema },
      },
    },
    async (request) =>
      toQuestionReply(
        ctx,
        await requireQuestion(ctx, jobOf(request).id, request.params.id),
      ),
  );

  app.put(
    '/api/jobs/:job/questions/:id',
    {
      config: { access: { job: 'manage' }, apiKey: 'write' },
      schema: {
        tags: ['questions'],
        params: jobItemParams,
        body: questionInputSchema,
        response: { 200: questionSchema },
      },
    },
    async (request) => {
      const job = jobOf(request);
      const question = await requireQuestion(ctx, job.id, request.params.id);
      await changeQuestion(ctx, userOf(request), job, question, request.body);
      return toQuestionReply(
        ctx,
        await requireQuestion(ctx, job.id, question.id),
      );
    },
  );

  app.delete(
    '/api/jobs/:job/questions/:id',
    {
      config: { access: { job: 'manage' } },
      schema: { tags: ['questions'], params: jobItemParams },
    },
    async (request, reply) => {
      const job = jobOf(request);
      const question = await requireQuestion(ctx, job.id, request.params.id);
      await removeQuestion(ctx, userOf(request), job, question);
      return reply.status(204).send();
    },
  );

  // The question's spoken audio: `url + '/tts'` (spec section 3), rendered on first play.
  app.get(
    '/api/jobs/:job/questions/:id/tts',
    {
      config: { access: { job: 'read' } },
      schema: { tags: ['questions'], params: jobItemParams },
    },
    async (request, reply) => {
      const job = jobOf(request);
      const question = await requireQuestion(ctx, job.id, request.params.id);
      const key = await ensureQuestionAudio(ctx, question, languageOf(job));
      return sendStoredFile(request, reply, {
        storage: ctx.storage,
        key,
        contentType: 'audio/mpeg',
      });
    },
  );

  // WebVTT in and out (decision 199): uploaded files and the editor's lines alike.
  if (!app.hasContentTypeParser('text/vtt'))
    app.addContentTypeParser(
      'text/vtt',
      { parseAs: 'string', bodyLimit: 200_000 },
      (_request, body, done) => done(null, body),
    );

  app.get(
    '/api/jobs/:job/questions/:id/captions',
    {
      config: { access: { job: 'read' }, apiKey: 'read' },
      schema: {
        tags: ['questions'],
        summary:
          "A question's captions as WebVTT: a video question's as saved, a spoken one's made from its text and speech",
        params: jobItemParams,
      },
    },
    async (request, reply) => {
      const job = jobOf(request);
      const question = await requireQuestion(ctx, job.id, request.params.id);
      const vtt = await readQuestionCaptions(ctx, question, languageOf(job));
      return reply.type('text/vtt; charset=utf-8').send(vtt);
    },
  );

  app.put(
    '/api/jobs/:job/questions/:id/captions',
    {
      config: { access: { job: 'manage' }, apiKey: 'write' },
      schema: {
        tags: ['questions'],
        summary:
          "Save a video question's captions (a WebVTT body, `text/vtt`); a malformed file is refused naming its line",
        params: jobItemParams,
        body: z.string(),
      },
    },
    async (request, reply) => {
      const job = jobOf(request);
      const question = await requireQuestion(ctx, job.id, request.params.id);
      const vtt = await saveQuestionCaptions(ctx, question, request.body);
      return reply.type('text/vtt; charset=utf-8').send(vtt);
    },
  );

  app.get(
    '/api/questions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['questions'],
        querystring: bankQuestionQuerySchema.extend(listQuery.shape),
        response: { 200: pagedSchema(bankQuestionSchema) },
      },
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const rows = await listBankQuestions(db, filters);
      const results = rows
        .slice((page - 1) * page_size, page * page_size)
        .map((row) => ({
          id: row.id,
          text: row.text,
          competency: row.competency,
          competency_name:
            row.competency === MOTIVATION_COMPETENCY
              ? 'Motivation'
              : (row.competency_name ?? ''),
          function: row.function,
          role: row.role,
        }));
      return pagedReply(request, {
        count: rows.length,
        page,
        page_size,
        results,
      });
    },
  );
}
