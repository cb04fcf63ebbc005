import { chromium } from '@playwright/test';
const base = 'http://localhost:5182';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({
  viewport: { width: 1440, height: 900 },
  locale: 'en-GB',
});
const page = await context.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on(
  'console',
  (m) => m.type() === 'error' && console.log('CONSOLE', m.text()),
);
await page.goto(base + '/login');
await page.waitForLoadState('networkidle');
await page.request.get(base + '/login/ajax');
await page.getByLabel('E-mail address').fill('admin@demo.test');
await page.getByLabel('Password').fill('demo-password');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/interviews/);
const jobs = await (
  await page.request.get(base + '/api/jobs?status=Draft&ordering=title')
).json();
const draft = jobs.results.find((j) => j.title === 'Finance analyst');
const shots = [
  ['interviews', '/interviews'],
  ['create', '/create'],
  ['create-details-new', '/create/details'],
  ['details', `/create/${draft.id}/details`],
  ['add-questions', `/create/${draft.id}/add-questions`],
  ['videos', `/create/${draft.id}/videos`],
  ['preview', `/create/${draft.id}/preview`],
  ['summary', `/create/${draft.id}/summary`],
];
const only = process.argv[2];
for (const [name, path] of shots) {
  if (only && !only.split(',').includes(name)) continue;
  for (const [w, h, suffix] of [
    [1440, 900, ''],
    [390, 844, '-phone'],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({
      path: `/tmp/h2-shots/${name}${suffix}.png`,
      fullPage: true,
    });
  }
}
await browser.close();
