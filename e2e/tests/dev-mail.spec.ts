import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';

// This server sends over SMTP, so its development mailbox has nothing written to files.
test('the development mailbox page opens for a company user', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/dev/mail');
  await expect(
    page.getByRole('heading', { name: 'Development mailbox' }),
  ).toBeVisible();
  await expect(page.getByText('No e-mails written yet')).toBeVisible();
});
