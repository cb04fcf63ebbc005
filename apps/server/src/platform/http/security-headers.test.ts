import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('sends a CSP that allows only our own scripts, and no framing', async () => {
  const response = await t.client().get('/api/constants');
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['permissions-policy']).toContain('camera=(self)');
});

it('serves the OpenAPI description at /api/docs', async () => {
  const response = await t.client().get('/api/docs/json');
  expect(response.statusCode).toBe(200);
  expect(response.json().paths['/login/ajax']).toBeDefined();
});
