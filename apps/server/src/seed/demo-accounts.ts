import type { Db } from '../db/connection';
import { hashPassword } from '../platform/auth/password';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_SIGN_INS = [
  {
    email: 'admin@demo.test',
    role: 'admin of Acme Recruitment and Northwind Hotels',
  },
  { email: 'hiring@demo.test', role: 'member of Acme Recruitment' },
  { email: 'reviewer@demo.test', role: 'reviewer (no current company)' },
];

export type DemoAccounts = {
  acmeId: number;
  northwindId: number;
  templatesId: number;
  adminId: number;
  hiringId: number;
  reviewerId: number;
};

export async function seedDemoAccounts(db: Db): Promise<DemoAccounts> {
  const companies = await db
    .insertInto('companies')
    .values([
      {
        shortname: 'acme',
        name: 'Acme Recruitment',
        support_email: 'support@acme.example',
        account_message:
          'Welcome to your Candor demo account. Everything here is sample data.',
        account_message_style: 1,
        marketplace_brand: 'acme',
      },
      {
        shortname: 'northwind',
        name: 'Northwind Hotels',
        support_email: 'people@northwind.example',
      },
      { shortname: 'templates', name: 'Candor templates', is_templates: true },
    ])
    .returning(['id', 'shortname'])
    .execute();
  const idOf = (shortname: string) =>
    companies.find((row) => row.shortname === shortname)?.id ?? 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users = await db
    .insertInto('users')
    .values([
      {
        email: 'admin@demo.test',
        first_name: 'Alex',
        last_name: 'Morgan',
        password_hash: passwordHash,
        sso_provider: null,
        current_company_id: idOf('acme'),
      },
      {
        email: 'hiring@demo.test',
        first_name: 'Priya',
        last_name: 'Shah',
        password_hash: passwordHash,
        sso_provider: null,
        current_company_id: idOf('acme'),
      },
      {
        email: 'reviewer@demo.test',
        first_name: 'Sam',
        last_name: 'Taylor',
        password_hash: passwordHash,
        sso_provider: null,
        current_company_id: null,
      },
    ])
    .returning(['id', 'email'])
    .execute();
  const userId = (email: string) =>
    users.find((row) => row.email === email)?.id ?? 0;
  await db
    .insertInto('memberships')
    .values([
      {
        company_id: idOf('acme'),
        user_id: userId('admin@demo.test'),
        role: 'admin',
      },
      {
        company_id: idOf('northwind'),
        user_id: userId('admin@demo.test'),
        role: 'admin',
      },
      // A member works in the company like an admin but does not manage its team.
      {
        company_id: idOf('acme'),
        user_id: userId('hiring@demo.test'),
        role: 'member',
      },
    ])
    .execute();
  return {
    acmeId: idOf('acme'),
    northwindId: idOf('northwind'),
    templatesId: idOf('templates'),
    adminId: userId('admin@demo.test'),
    hiringId: userId('hiring@demo.test'),
    reviewerId: userId('reviewer@demo.test'),
  };
}
