import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { devMailListSchema } from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { companyUserOf } from '../access/access-rule';
import type { App } from '../http/app-types';
import { notFound } from '../http/errors';
import { DEV_MAIL_VIEW_POLICY, devMailView } from './dev-mail-view';
import { mailFolder } from './mail-transport';
import { companyOutboxIds } from './outbox.repository';
import { PERSONAL_LINK_KINDS } from './personal-link-kinds';

/**
 * Without SMTP_URL e-mails become .eml files; these routes list and show them so a developer
 * can follow invitations by hand. Never registered in production. Each file is named after its
 * outbox row, so a company user sees only the mail of their current company, and never one that
 * carries a person's own account link (a reviewer or team invitation, a password reset): with
 * it, a colleague could set that person's password (decision 120).
 */
export function registerDevMailRoutes(app: App, ctx: AppContext): void {
  if (ctx.config.env === 'production') return;
  const folder = mailFolder(ctx.config.dataDir);

  app.get(
    '/api/dev/mail',
    {
      config: { access: 'company-user' },
      schema: { tags: ['dev'], response: { 200: devMailListSchema } },
    },
    async (request) => {
      const { companyId } = companyUserOf(request);
      const names = (await readdir(folder).catch(() => [] as string[])).filter(
        (name) => name.endsWith('.eml'),
      );
      const own = await ownOutboxIds(ctx, companyId, names);
      const newest = names
        .filter((name) => own.has(outboxIdOf(name)))
        .sort()
        .reverse()
        .slice(0, 200);
      const results = await Promise.all(
        newest.map(async (name) => {
          const path = join(folder, name);
          const [info, head] = await Promise.all([
            stat(path),
            readFile(path, 'utf8').then((text) => text.slice(0, 4000)),
          ]);
          return {
            name,
            size: info.size,
            created_at: info.mtime.toISOString(),
            to: header(head, 'To'),
            subject: header(head, 'Subject'),
          };
        }),
      );
      return { results };
    },
  );

  app.get(
    '/api/dev/mail/:name',
    {
      config: { access: 'company-user' },
      schema: {
        tags: ['dev'],
        params: z.object({ name: z.string().regex(/^[\w.-]+\.eml$/) }),
      },
    },
    async (request, reply) => {
      const { companyId } = companyUserOf(request);
      const own = await ownOutboxIds(ctx, companyId, [request.params.name]);
      if (!own.has(outboxIdOf(request.params.name)))
        throw notFound('This e-mail');
      const text = await readFile(
        join(folder, request.params.name),
        'utf8',
      ).catch(() => null);
      if (text === null) throw notFound('This e-mail');
      return reply
        .header('content-security-policy', DEV_MAIL_VIEW_POLICY)
        .type('text/html; charset=utf-8')
        .send(await devMailView(text));
    },
  );
}

/** The outbox id in a file name the mail transport wrote (`…-outbox-42_host.eml`). */
function outboxIdOf(fileName: string): number {
  return Number(/-outbox-(\d+)(?=_|[a-z])/i.exec(fileName)?.[1] ?? -1);
}

/** The company's own mails among these files (never sign-in links and the like). */
function ownOutboxIds(ctx: AppContext, companyId: number, fileNames: string[]) {
  return companyOutboxIds(ctx.db, {
    companyId,
    ids: fileNames.map(outboxIdOf).filter((id) => id > 0),
    exceptKinds: PERSONAL_LINK_KINDS,
  });
}

function header(head: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(head);
  return match?.[1]?.replace(/\n[ \t]+/g, ' ').trim() ?? '';
}
