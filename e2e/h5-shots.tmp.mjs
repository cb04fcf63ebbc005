import { chromium } from '@playwright/test';
const base = 'http://localhost:5185';
const [,, email, ...pages] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text())); page.on('response', (r) => r.status() >= 400 && console.log(r.status(), r.url()));
if (email !== 'none') {
  await page.request.get(`${base}/login/ajax`);
  await page.goto(`${base}/login`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill('demo-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForTimeout(3000); await page.screenshot({ path: '/tmp/h5-shots/login-after.png' }); await page.waitForURL(/interviews/, { timeout: 5000 });
}
for (const spec of pages) {
  const [name, path] = spec.split('=');
  for (const [w, h, suffix] of [[1440, 900, 'desktop'], [390, 844, 'phone']]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(base + path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/h5-shots/${name}-${suffix}.png`, fullPage: true });
  }
}
await browser.close();
