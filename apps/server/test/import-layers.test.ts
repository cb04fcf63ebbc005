import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Decision 176: db ← platform ← modules ← app.ts, server.ts, worker/; modules never in a loop.
const repo = resolve(import.meta.dirname, '../../..');
const src = join(repo, 'apps/server/src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files a source file imports by a relative path, type imports included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((match) =>
    resolve(dirname(file), match[1] ?? ''),
  );
}

const moduleOf = (file: string): string | null => {
  const path = relative(join(src, 'modules'), file);
  return path.startsWith('..') ? null : (path.split('/')[0] ?? null);
};

describe('import layers', () => {
  it('nothing under platform/ or db/ imports a feature module', () => {
    const upward = [join(src, 'platform'), join(src, 'db')]
      .flatMap(sourceFiles)
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => moduleOf(target) !== null)
          .map((target) => `${relative(src, file)} → ${relative(src, target)}`),
      );
    expect(upward).toEqual([]);
  });

  it('no two modules import each other, directly or round a longer loop', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles(join(src, 'modules'))) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = moduleOf(target);
        if (to && to !== from)
          edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    // A module is in a loop when it can reach itself through the others' imports.
    const reaches = (start: string): boolean => {
      const seen = new Set<string>();
      const stack = [...(edges.get(start) ?? [])];
      while (stack.length) {
        const next = stack.pop() ?? '';
        if (next === start) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(...(edges.get(next) ?? []));
      }
      return false;
    };
    const loops = [...edges.keys()].filter(reaches);
    expect(loops).toEqual([]);
  });

  it('the linter refuses an import of a module from platform/ or db/', async () => {
    const eslint = new ESLint({ cwd: repo });
    const upwardImport =
      "import { recordActivity } from '../../modules/activity/activity.repository';\n\nexport const record = recordActivity;\n";
    for (const filePath of [
      'apps/server/src/platform/mail/upward.ts',
      'apps/server/src/db/upward.ts',
    ]) {
      const [result] = await eslint.lintText(
        filePath.startsWith('apps/server/src/db')
          ? upwardImport.replace('../../modules', '../modules')
          : upwardImport,
        { filePath: join(repo, filePath) },
      );
      expect(
        result?.messages.map((message) => message.ruleId),
        filePath,
      ).toContain('import-x/no-restricted-paths');
    }
  }, 60_000);
});
