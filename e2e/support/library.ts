import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { csrfHeaders } from './auth';
import { makeTake } from './interviews';

/**
 * A video in the signed-in user's company library, titled `title`, uploaded as the library page
 * does (create, signed direct upload, uploaded) and waited for until it can play.
 */
export async function uploadLibraryVideo(
  page: Page,
  shortname: string,
  title: string,
): Promise<number> {
  const base = `/api/companies/${shortname}/videos`;
  const headers = await csrfHeaders(page);
  const bytes = makeTake({ size: '320x240', rate: 10, seconds: 2 });
  const created = await page.request.post(base, {
    headers,
    data: { filename: 'team.mov', description: title },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const signed = await page.request.post(`${base}/generate_signature`, {
    headers,
    data: {
      id,
      content_type: 'video/quicktime',
      size: bytes.length,
      content_md5: createHash('md5').update(bytes).digest('base64'),
    },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  const signature = (await signed.json()) as {
    url: string;
    method: string;
    headers: Record<string, string>;
  };
  const stored = await page.request.fetch(signature.url, {
    method: signature.method,
    headers: signature.headers,
    data: bytes,
  });
  expect(stored.status(), await stored.text()).toBeLessThan(300);
  const uploaded = await page.request.post(`${base}/${id}/uploaded`, {
    headers,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const reply = await page.request.get(base, {
          params: { page_size: 100 },
        });
        const { results } = (await reply.json()) as {
          results: { id: number; url: string | null }[];
        };
        return results.find((video) => video.id === id)?.url ?? null;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .not.toBeNull();
  return id;
}
