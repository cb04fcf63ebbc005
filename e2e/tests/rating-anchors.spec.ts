import { expect, test } from '@playwright/test';
import { createCompany, signInAs, type TestCompany } from '../support/company';
import { checkAndPhotograph } from '../support/screenshots';

// The interview is a company's of its own (support/company.ts); it is never saved here.
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Anchors');
});

test("a new interview's review setup suggests an anchor for every rating, in the interview's language", async ({
  page,
}) => {
  await signInAs(page, company.admin);
  await page.goto('/create/details');
  await page.getByRole('button', { name: 'Edit review setup' }).click();
  const first = page.getByLabel('Rating 1', { exact: true });
  await expect(first).toHaveValue(
    'Does not answer the question, or gives no relevant example.',
  );
  await expect(page.getByLabel('Rating 5', { exact: true })).toHaveValue(
    /^An outstanding, specific example/,
  );

  // French interview: the suggestions follow while nobody has edited them.
  await page.getByLabel('Interview language').selectOption('fr-fr');
  await expect(first).toHaveValue(
    'Ne répond pas à la question ou ne donne aucun exemple pertinent.',
  );
  await checkAndPhotograph(page, 'rating-anchors');

  // An edited anchor is the author's: a change of language leaves it.
  await first.fill('No relevant example at all.');
  await page.getByLabel('Interview language').selectOption('en-gb');
  await expect(first).toHaveValue('No relevant example at all.');
  // …until they ask for the suggestions again.
  await page
    .getByRole('button', { name: 'Use the suggested descriptions' })
    .click();
  await expect(first).toHaveValue(
    'Does not answer the question, or gives no relevant example.',
  );
});
