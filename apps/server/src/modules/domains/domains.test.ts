import type {
  AuditLogList,
  CompanyDomain,
  CompanyDomainList,
} from '@candor/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey } from '../../../test/api-key-fixtures';
import { startDnsServer } from '../../../test/dns-server';
import {
  createReviewableJob,
  signedInClient,
} from '../../../test/reviewing-fixtures';
import { createTeammate } from '../../../test/team-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { TestClient } from '../../../test/test-client';

let dns: Awaited<ReturnType<typeof startDnsServer>>;
let t: TestApp;
let a: Awaited<ReturnType<typeof createReviewableJob>>;
let b: Awaited<ReturnType<typeof createReviewableJob>>;
let adminA: TestClient;
let adminB: TestClient;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ DNS_RESOLVER: dns.address });
  a = await createReviewableJob(t.db);
  b = await createReviewableJob(t.db);
  adminA = await signedInClient(t, a.owner.id);
  adminB = await signedInClient(t, b.owner.id);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const domainsUrl = (shortname: string) => `/api/companies/${shortname}/domains`;

async function claim(client: TestClient, shortname: string, domain: string) {
  const reply = await client.post(domainsUrl(shortname), { domain });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<CompanyDomain>();
}

describe('verified domains', () => {
  test('a claim names its TXT record; the domain is verified once DNS holds it', async () => {
    const claimed = await claim(
      adminA,
      a.company.shortname,
      'Acme-Hiring.example.',
    );
    expect(claimed).toMatchObject({
      domain: 'acme-hiring.example',
      status: 'pending',
      verified_at: null,
      record: { type: 'TXT', name: '_candor-verification.acme-hiring.example' },
    });
    expect(claimed.record.value).toMatch(/^candor-verification=[\w-]{24}$/);
    const verify = `${domainsUrl(a.company.shortname)}/${claimed.id}/verify`;

    const early = await adminA.post(verify);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain(claimed.record.name);

    dns.setTxt(claimed.record.name, [
      'v=spf1 -all',
      'candor-verification=wrong',
    ]);
    expect((await adminA.post(verify)).statusCode).toBe(400);

    dns.setTxt(claimed.record.name, ['v=spf1 -all', claimed.record.value]);
    const verified = await adminA.post(verify);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified' });
    const list = (
      await adminA.get(domainsUrl(a.company.shortname))
    ).json<CompanyDomainList>();
    expect(list.results).toEqual([
      { ...claimed, status: 'verified', verified_at: expect.any(String) },
    ]);

    const log = (
      await adminA.get(`/api/companies/${a.company.shortname}/audit-log`)
    ).json<AuditLogList>();
    expect(log.results.slice(0, 2).map((entry) => entry.action)).toEqual([
      'domain.verified',
      'domain.added',
    ]);
    expect(log.results[0]).toMatchObject({
      actor: { type: 'user', id: a.owner.id },
      target: { type: 'domain', label: 'acme-hiring.example' },
    });
  });

  test('one domain belongs to one company: another may claim it but never verify it', async () => {
    const mine = await claim(
      adminA,
      a.company.shortname,
      'shared-brand.example',
    );
    dns.setTxt(mine.record.name, [mine.record.value]);
    expect(
      (
        await adminA.post(
          `${domainsUrl(a.company.shortname)}/${mine.id}/verify`,
        )
      ).statusCode,
    ).toBe(200);

    const theirs = await claim(
      adminB,
      b.company.shortname,
      'shared-brand.example',
    );
    dns.setTxt(mine.record.name, [mine.record.value, theirs.record.value]);
    const refused = await adminB.post(
      `${domainsUrl(b.company.shortname)}/${theirs.id}/verify`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Another company has already verified this domain.',
    );
    // B's list never shows A's claim.
    const listB = (
      await adminB.get(domainsUrl(b.company.shortname))
    ).json<CompanyDomainList>();
    expect(listB.results.map((domain) => domain.id)).toEqual([theirs.id]);
  });

  test('bad input is refused with a message; the same domain twice is a conflict', async () => {
    for (const domain of ['localhost', 'https://example.com', '10.0.0.1', ''])
      expect(
        (await adminA.post(domainsUrl(a.company.shortname), { domain }))
          .statusCode,
        domain,
      ).toBe(400);
    const bad = await adminA.post(domainsUrl(a.company.shortname), {
      domain: 'nope',
    });
    expect(bad.json().message).toContain('Enter a domain such as example.com');
    await claim(adminA, a.company.shortname, 'twice.example');
    expect(
      (
        await adminA.post(domainsUrl(a.company.shortname), {
          domain: 'TWICE.example',
        })
      ).statusCode,
    ).toBe(409);
  });

  test('admins only: a member 403, another company 404, an API key 403', async () => {
    const member = await signedInClient(
      t,
      (await createTeammate(t.db, a.company.id)).user.id,
    );
    expect((await member.get(domainsUrl(a.company.shortname))).statusCode).toBe(
      403,
    );
    expect((await adminB.get(domainsUrl(a.company.shortname))).statusCode).toBe(
      404,
    );
    const mine = (
      await adminA.get(domainsUrl(a.company.shortname))
    ).json<CompanyDomainList>();
    const first = mine.results[0];
    expect(
      (
        await adminB.post(
          `${domainsUrl(b.company.shortname)}/${first?.id}/verify`,
        )
      ).statusCode,
    ).toBe(404);
    const key = await createKey(t, {
      admin: adminA,
      shortname: a.company.shortname,
      scope: 'write',
    });
    expect(
      (await key.client.get(domainsUrl(a.company.shortname))).statusCode,
    ).toBe(403);
  });
});
