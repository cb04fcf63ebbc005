import { expect, test, type Browser } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import {
  addReviewer,
  createCompany,
  signInAs,
  testPerson,
  type TestCompany,
  type TestPerson,
} from '../support/company';
import { expectNoViolations, waitForContent } from '../support/axe';
import {
  applyAndAnswer,
  createInterview,
  makeTake,
} from '../support/interviews';
import { SHOTS } from '../support/screenshots';

// The interview rated here is a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Calibrate');
});

/** Overall ratings of six candidates: the admin's, Robin's, Sam's (Sam is always harsher). */
const RATINGS = [
  [4, 4, 2],
  [3, 3, 1],
  [5, 4, 3],
  [2, 2, 1],
  [4, 5, 2],
  [1, 5, 1],
] as const;

/** A page of a panel member of their own, signed in; its requests carry their session. */
async function memberPage(browser: Browser, person: TestPerson) {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, person);
  return page;
}

test('a panel of three rates six candidates: the calibration page shows its agreement, each offset and the splits; a reviewer sees their own line', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, company.admin);
  const job = await createInterview(
    page,
    `Calibration ${Date.now()}`,
    undefined,
    {
      ratingStyle: 0,
    },
  );
  const take = makeTake({ size: '160x120', rate: 5, seconds: 1 });
  const candidates = RATINGS.map((_, index) =>
    testPerson('Candidate', `Number${index + 1}`),
  );
  for (const person of candidates)
    await applyAndAnswer(page.request, job.shortcode, person, take);
  // Each found by their own address, as the job page's search does.
  const ids: number[] = [];
  for (const person of candidates) {
    const found = await page.request.get(`/api/jobs/${job.id}/applications`, {
      params: { status: 'Responded', q: person.email },
    });
    const [applicant] = (await found.json()).results as { id: number }[];
    ids.push(applicant?.id ?? 0);
  }
  expect(ids).not.toContain(0);

  const robin = await addReviewer(page.request, job.id, {
    first: 'Robin',
    last: 'Kind',
  });
  const sam = await addReviewer(page.request, job.id, {
    first: 'Sam',
    last: 'Strict',
  });
  // Robin sees the panel's reviews, so sees how far they sit from it.
  const panel = (await (
    await page.request.get(`/api/jobs/${job.id}/reviewers`)
  ).json()) as { id: number; email: string }[];
  const robinRow = panel.find((item) => item.email === robin.email);
  const granted = await page.request.patch(
    `/api/jobs/${job.id}/reviewers/${robinRow?.id ?? 0}`,
    { headers: await csrfHeaders(page), data: { all_reviews: true } },
  );
  expect(granted.status(), await granted.text()).toBe(200);

  const robinPage = await memberPage(browser, robin);
  const members = [page, robinPage, await memberPage(browser, sam)];
  for (const [member, rater] of members.entries()) {
    const headers = await csrfHeaders(rater);
    for (const [candidate, ratings] of RATINGS.entries()) {
      const rated = await rater.request.post(`/api/jobs/${job.id}/reviews`, {
        headers,
        data: { application: ids[candidate], rating: ratings[member] },
      });
      expect(rated.status(), await rated.text()).toBe(201);
    }
  }

  // The admin finds the page from the job page's panel strip.
  await page.goto(`/interviews/${job.id}`);
  await page.getByRole('link', { name: 'Panel calibration' }).click();
  await expect(
    page.getByRole('heading', { name: 'Panel calibration', level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('calibration-alpha')).toHaveText(/^0\.\d\d$/);
  await expect(
    page.getByText(
      'From 6 candidates rated by two or more reviewers (18 ratings).',
    ),
  ).toBeVisible();
  const lines = page.getByTestId('calibration-reviewer');
  await expect(lines).toHaveCount(3);
  const samLine = lines.filter({ hasText: 'Sam Strict' });
  await expect(samLine).toContainText('−1.83');
  await expect(samLine).toContainText('Harsher than the panel');
  await expect(lines.filter({ hasText: 'Robin Kind' })).toContainText(
    'Kinder than the panel',
  );
  const split = page.getByTestId('calibration-split').getByRole('link');
  await expect(split).toHaveCount(6);
  await expect(split.first()).toHaveText('Candidate Number6');
  for (const [name, viewport] of [
    ['1440x900', { width: 1440, height: 900 }],
    ['390x844', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    // The loading bar of a refetch sits outside every landmark while it shows.
    await waitForContent(page);
    await expectNoViolations(page, `calibration at ${name}`);
    await page.screenshot({
      path: `${SHOTS}/calibration-${name}.png`,
      fullPage: true,
    });
  }
  await split.first().click();
  await expect(page).toHaveURL(
    new RegExp(`/interviews/${job.id}/interviewee/${ids[5]}/overview$`),
  );

  // Robin, a reviewer, sees their own line and nothing of the panel's.
  await robinPage.goto(`/interviews/${job.id}/calibration`);
  await expect(robinPage.getByTestId('calibration-reviewer')).toHaveCount(1);
  await expect(robinPage.getByTestId('calibration-reviewer')).toContainText(
    'Robin Kind',
  );
  await expect(
    robinPage.getByText(
      "The panel's agreement is shown to the company's users",
    ),
  ).toBeVisible();
  await expect(robinPage.getByTestId('calibration-split')).toHaveCount(0);
  await expect(robinPage.getByTestId('calibration-alpha')).toHaveCount(0);
});
