import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { PicoEngine } from './pico-engine';

const folder = mkdtempSync(join(tmpdir(), 'candor-pico-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
async function speak(engine: PicoEngine, text: string, lang = 'en-GB') {
  const out = join(folder, `${(files += 1)}.wav`);
  await engine.speak(text, lang, out);
  return readFileSync(out);
}

// A cold start takes seconds, and many more on two cores busy with the rest of the suite.
describe('PicoEngine (one warm Pico process)', { timeout: 120_000 }, () => {
  it('speaks one text after another in the same process, each as a fresh process would', async () => {
    const engine = new PicoEngine({ idleMs: 60_000, timeoutMs: 60_000 });
    const first = await speak(engine, 'Tell us about a customer you won back.');
    const other = await speak(engine, 'Line one\n"quoted" -- --lang=de-DE');
    const french = await speak(engine, 'Bonjour et bienvenue.', 'fr-FR');
    const again = await speak(engine, 'Tell us about a customer you won back.');
    expect(first.subarray(0, 4).toString()).toBe('RIFF');
    expect(other.equals(first)).toBe(false);
    expect(french.length).toBeGreaterThan(10_000);
    // Nothing a render leaves behind changes the next one.
    expect(again.equals(first)).toBe(true);
  });

  it('ends its process when idle and starts it again for the next render', async () => {
    const engine = new PicoEngine({ idleMs: 200, timeoutMs: 60_000 });
    const first = await speak(engine, 'Hello.');
    expect(engine.running).toBe(true);
    await setTimeout(1000);
    expect(engine.running).toBe(false);
    expect((await speak(engine, 'Hello.')).equals(first)).toBe(true);
  });

  it('gives up on a render that takes too long and says so', async () => {
    // Starting the process alone takes longer than this.
    const engine = new PicoEngine({ idleMs: 60_000, timeoutMs: 50 });
    await expect(speak(engine, 'Hello.')).rejects.toThrow(
      'Speech rendering took longer than 0.05 s',
    );
    expect(engine.running).toBe(false);
  });
});
