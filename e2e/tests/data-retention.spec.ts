import { expect, test, type Page } from '@playwright/test';
import {
  addMember,
  createCompany,
  signInAs,
  type TestCompany,
} from '../support/company';
import { SHOTS } from '../support/screenshots';

// Retention erases interviewees: this spec sets it for a company of its own, never the demo's.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Quarrytown');
});

const retentionSelect = (page: Page) =>
  page.getByLabel('Keep interviewee data for');

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click();
}

test('the data retention setting is changed on /company-settings and kept', async ({
  page,
}) => {
  // A member of the company, not only its admin, may choose the period.
  await signInAs(page, company.admin);
  const member = await addMember(page.request, company, {
    first: 'Harper',
    last: 'Member',
    role: 'member',
  });
  await signInAs(page, member);
  await page.goto('/company-settings');
  await expect(
    page.getByRole('heading', { name: 'Data retention' }),
  ).toBeVisible();
  // A new company starts at a year.
  await expect(retentionSelect(page)).toHaveValue('12');
  await expect(page.getByText('What is erased')).toBeVisible();

  // A longer period erases nothing more: saved at once.
  await retentionSelect(page).selectOption({ label: '2 years' });
  await save(page);
  await expect(page.getByText('Company settings saved')).toBeVisible();
  await page.reload();
  await expect(retentionSelect(page)).toHaveValue('24');
  await expect(page.getByTestId('retention-effect')).toContainText(
    'Today this erases interviewees with no activity since',
  );

  // A shorter one says what it will erase, and asks before saving.
  await retentionSelect(page).selectOption({ label: '6 months' });
  await expect(page.getByTestId('retention-effect')).toContainText(
    'When you save, interviewees with no activity since',
  );
  await retentionSelect(page).scrollIntoViewIfNeeded();
  await page.screenshot({
    path: `${SHOTS}/company-settings-retention-1440.png`,
  });
  await save(page);
  const dialog = page.getByRole('dialog', {
    name: 'Erase older interviewee data?',
  });
  await expect(dialog).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/company-settings-retention-confirm-1440.png`,
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(retentionSelect(page)).toHaveValue('24');

  await retentionSelect(page).selectOption({ label: '6 months' });
  await save(page);
  await dialog.getByRole('button', { name: 'Save and erase' }).click();
  await expect(page.getByText('Company settings saved')).toBeVisible();
  await page.reload();
  await expect(retentionSelect(page)).toHaveValue('6');

  await page.setViewportSize({ width: 390, height: 844 });
  await retentionSelect(page).scrollIntoViewIfNeeded();
  await page.screenshot({
    path: `${SHOTS}/company-settings-retention-390.png`,
  });

  // And back to a year.
  await page.setViewportSize({ width: 1440, height: 900 });
  await retentionSelect(page).selectOption({ label: '1 year' });
  await save(page);
  await expect(page.getByText('Company settings saved')).toBeVisible();
  await page.reload();
  await expect(retentionSelect(page)).toHaveValue('12');
});
