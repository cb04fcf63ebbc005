import { expect, test } from '@playwright/test';
import { csrfHeaders } from '../support/auth';
import {
  createCompany,
  signInAs,
  testPerson,
  type TestCompany,
} from '../support/company';
import {
  applyAndAnswer,
  createInterview,
  makeTake,
} from '../support/interviews';
import { checkAndPhotograph } from '../support/screenshots';

// The survey's answers and the report are a company's of its own (support/company.ts).
let company: TestCompany;
test.beforeAll(async ({ browser }) => {
  company = await createCompany(browser, 'Fairness');
});

test("five candidates answer the voluntary survey; the admin's report shows rates and ratios, small groups masked", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, company.admin);

  // The admin turns the survey on in company settings and asks two of the four questions.
  await page.goto('/company-settings');
  await page.getByLabel('Ask candidates the voluntary survey').check();
  await page.getByLabel('Gender').check();
  await page.getByLabel('Disability').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const saved = page.getByText('Company settings saved');
  await expect(saved).toBeVisible();
  // Checked once the toast has gone: axe measures its contrast half faded out.
  await expect(saved).toBeHidden({ timeout: 15_000 });
  await checkAndPhotograph(page, 'fairness-settings');

  const job = await createInterview(page, `Fairness ${Date.now()}`);
  const take = makeTake({ size: '160x120', rate: 5, seconds: 1 });
  const candidates = Array.from({ length: 5 }, (_, index) =>
    testPerson('Survey', `Candidate${index + 1}`),
  );
  const answered = [];
  for (const person of candidates)
    answered.push(
      await applyAndAnswer(page.request, job.shortcode, person, take),
    );

  // The first answers on the thank-you page, as a candidate would: "Prefer not to say".
  const visitor = await browser.newContext({ reducedMotion: 'reduce' });
  const candidate = await visitor.newPage();
  await candidate.goto(answered[0]?.link ?? '');
  const survey = candidate.getByRole('form', {
    name: 'Equal-opportunity monitoring (optional)',
  });
  await expect(survey).toBeVisible({ timeout: 30_000 });
  await expect(survey).toContainText('Answering is voluntary');
  await checkAndPhotograph(candidate, 'fairness-survey');
  await survey
    .getByRole('group', { name: 'What is your gender?' })
    .getByLabel('Prefer not to say')
    .check();
  await survey
    .getByRole('group', { name: /disability/ })
    .getByLabel('No', { exact: true })
    .check();
  await survey.getByRole('button', { name: 'Send my answers' }).click();
  await expect(
    candidate.getByText('Thank you, your answers were saved anonymously.'),
  ).toBeVisible();
  await visitor.close();

  // The other four through the API the page calls.
  for (const { interviewPath } of answered.slice(1)) {
    const sent = await page.request.put(`${interviewPath}/survey`, {
      data: { gender: 'woman', disability: 'no' },
    });
    expect(sent.status(), await sent.text()).toBe(204);
  }

  // Two are shortlisted (shortlisting is offered once someone rated them).
  const headers = await csrfHeaders(page);
  const list = await page.request.get(`/api/jobs/${job.id}/applications`, {
    params: { status: 'Responded' },
  });
  const ids = ((await list.json()).results as { id: number }[]).map(
    (row) => row.id,
  );
  expect(ids).toHaveLength(5);
  for (const id of ids.slice(0, 2)) {
    const rated = await page.request.post(`/api/jobs/${job.id}/reviews`, {
      headers,
      data: { application: id, rating: 4 },
    });
    expect(rated.status(), await rated.text()).toBe(201);
    const shortlisted = await page.request.post(
      `/api/jobs/${job.id}/applications/${id}/shortlist`,
      { headers },
    );
    expect(shortlisted.status(), await shortlisted.text()).toBe(200);
  }

  await page.goto('/report');
  const report = page.getByRole('region', { name: 'Adverse impact' });
  await expect(report).toBeVisible();
  await report
    .getByRole('combobox', { name: 'Interview' })
    .selectOption(String(job.id));
  // Disability: all five said "No": 2 of 5 shortlisted, 40%, the highest group (ratio 1.00).
  const no = report
    .getByRole('table')
    .nth(1)
    .getByRole('row', { name: /^No\b/ });
  await expect(no).toContainText('5');
  await expect(no).toContainText('40%');
  await expect(no).toContainText('1.00');
  await expect(no).toContainText('Within');
  // Gender: four women and one who would not say, each group under 5: masked, both.
  const gender = report.getByRole('table').first();
  await expect(gender.getByRole('row', { name: /^Woman/ })).toContainText(
    'Fewer than 5',
  );
  await expect(
    gender.getByRole('row', { name: /^Prefer not to say/ }),
  ).toContainText('Fewer than 5');
  await expect(gender).not.toContainText('4');
  await expect(report).toContainText('do not prove or rule out discrimination');
  await checkAndPhotograph(page, 'fairness-report');

  const csv = await page.request.get(
    `/api/companies/${company.shortname}/adverse-impact/export`,
    { params: { job: job.id } },
  );
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain(
    'disability,responded,shortlisted,no,5,2,0.4000,1.0000,no,',
  );
  expect(text).toContain('gender,responded,shortlisted,woman,fewer than 5');
});
