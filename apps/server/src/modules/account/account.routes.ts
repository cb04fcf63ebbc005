import {
  accountSchema,
  accountUpdateSchema,
  currentUserSchema,
  emailConfirmedReplySchema,
  resolveLocale,
  type Account,
} from '@candor/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { userOf } from '../../platform/access/access-rule';
import type { App } from '../../platform/http/app-types';
import { companyForUser } from '../companies/companies.service';
import {
  countMemberships,
  findAccount,
  findPendingEmail,
} from './account.repository';
import { confirmEmailChange, saveAccount } from './account.service';

export function registerAccountRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/user',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['account'], response: { 200: currentUserSchema } },
    },
    async (request) => {
      const user = userOf(request);
      const [company, memberships] = await Promise.all([
        user.current_company_id === null
          ? null
          : companyForUser(ctx, {
              companyId: user.current_company_id,
              userId: user.id,
            }),
        countMemberships(db, user.id),
      ]);
      return {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        full_name: `${user.first_name} ${user.last_name}`.trim(),
        email: user.email,
        locale: resolveLocale(user.locale),
        current_company: company,
        company_count: Number(memberships.count),
      };
    },
  );

  const readAccount = async (userId: number) => {
    const [row, pendingEmail] = await Promise.all([
      findAccount(db, userId),
      findPendingEmail(db, userId),
    ]);
    return toAccount(row, pendingEmail);
  };

  app.get(
    '/api/account',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['account'], response: { 200: accountSchema } },
    },
    async (request) => readAccount(userOf(request).id),
  );

  app.post(
    '/api/account',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        body: accountUpdateSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      await saveAccount(ctx, {
        userId: user.id,
        address: request.ip,
        body: request.body,
        endOtherSessions: (trx) =>
          app.sessions.endOthersOf(request, user.id, trx),
      });
      return readAccount(user.id);
    },
  );

  // No session needed: the token proves the new address, and may be opened on another device.
  app.post(
    '/api/confirm-email/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: emailConfirmedReplySchema },
      },
    },
    async (request) => {
      const { email, userId } = await confirmEmailChange(
        ctx,
        request.params.token,
      );
      // Their open sessions show the new address at once here; other servers hear the notice.
      app.sessions.forgetUser(request, userId);
      return { status: 'OK', email } as const;
    },
  );
}

function toAccount(
  row: Awaited<ReturnType<typeof findAccount>>,
  pendingEmail: string | null,
): Account {
  return {
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    locale: resolveLocale(row.locale),
    notify_new_responses: row.notify_new_responses,
    notify_daily_summary: row.notify_daily_summary,
    pending_email: pendingEmail,
  };
}
