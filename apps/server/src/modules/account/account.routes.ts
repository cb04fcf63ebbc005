import {
  accountSchema,
  accountUpdateSchema,
  currentUserSchema,
  resolveLocale,
  type Account,
} from '@candor/domain';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../platform/auth/guards';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import type { App } from '../../platform/http/app-types';
import { fieldError } from '../../platform/http/errors';
import { companyForUser } from '../companies/companies.service';
import {
  countMemberships,
  findAccount,
  isEmailTaken,
  updateAccount,
} from './account.repository';

export function registerAccountRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/api/user',
    { schema: { tags: ['account'], response: { 200: currentUserSchema } } },
    async (request) => {
      const user = requireUser(request);
      const [company, memberships] = await Promise.all([
        user.current_company_id === null
          ? null
          : companyForUser(ctx, user.current_company_id),
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

  app.get(
    '/api/account',
    { schema: { tags: ['account'], response: { 200: accountSchema } } },
    async (request) =>
      toAccount(await findAccount(db, requireUser(request).id)),
  );

  app.post(
    '/api/account',
    {
      schema: {
        tags: ['account'],
        body: accountUpdateSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const current = await findAccount(db, user.id);
      if (
        body.email.toLowerCase() !== current.email.toLowerCase() &&
        (await isEmailTaken(db, body.email, user.id))
      ) {
        throw fieldError(
          'email',
          'Another account already uses this e-mail address.',
        );
      }
      let passwordHash: string | undefined;
      if (body.new_password) {
        if (
          !(await verifyPassword(
            current.password_hash,
            body.current_password ?? '',
          ))
        ) {
          throw fieldError(
            'current_password',
            'Your current password is not right.',
          );
        }
        passwordHash = await hashPassword(body.new_password);
      }
      await updateAccount(db, user.id, {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        locale: body.locale,
        notify_new_responses: body.notify_new_responses,
        notify_daily_summary: body.notify_daily_summary,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
      return toAccount(await findAccount(db, user.id));
    },
  );
}

function toAccount(row: Awaited<ReturnType<typeof findAccount>>): Account {
  return {
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    locale: resolveLocale(row.locale),
    notify_new_responses: row.notify_new_responses,
    notify_daily_summary: row.notify_daily_summary,
    pending_email: null,
  };
}
