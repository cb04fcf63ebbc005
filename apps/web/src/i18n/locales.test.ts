import { describe, expect, it } from 'vitest';

// Every locale must carry every key: a missing French key silently shows English (decision 141).
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const files = import.meta.glob<Json>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

const REFERENCE = 'en-gb';

/** `{ "<locale>": { "<namespace>": json } }` from the files above. */
function byLocale(): Record<string, Record<string, Json>> {
  const locales: Record<string, Record<string, Json>> = {};
  for (const [file, json] of Object.entries(files)) {
    const [, locale, namespace] =
      /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (locale && namespace) (locales[locale] ??= {})[namespace] = json;
  }
  return locales;
}

/** Leaf strings by dotted path; array items by index, so legal sections must match too. */
function leaves(json: Json, prefix = '', out = new Map<string, string>()) {
  if (json !== null && typeof json === 'object') {
    for (const [key, value] of Object.entries(json))
      leaves(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, String(json));
  }
  return out;
}

// Locales differ in plural forms (French uses _one for 0 and 1, and may add _many): compare a
// plural key by its base, with the placeholders of all its forms together (an English "_one"
// may leave {{count}} out where "_other" has it).
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([^,}\s]+)[^}]*}}/g)].map(
    (match) => match[1] ?? '',
  );
}

/** Base key → the sorted set of placeholders its forms use. */
function keySignatures(json: Json): Map<string, string> {
  const sets = new Map<string, Set<string>>();
  for (const [key, text] of leaves(json)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const set = sets.get(base) ?? new Set<string>();
    for (const name of placeholders(text)) set.add(name);
    sets.set(base, set);
  }
  return new Map(
    [...sets].map(([key, set]) => [key, [...set].sort().join(',')]),
  );
}

const locales = byLocale();
const reference = locales[REFERENCE] ?? {};
const others = Object.keys(locales).filter((locale) => locale !== REFERENCE);
const namespaces = [
  ...new Set(Object.values(locales).flatMap((ns) => Object.keys(ns))),
].sort();

describe('keySignatures', () => {
  it('treats plural forms as one key and joins their placeholders', () => {
    const english = keySignatures({
      tab_one: 'Answer',
      tab_other: '{{count}} answers',
    });
    const french = keySignatures({
      tab_one: '{{count}} réponse',
      tab_many: '{{count}} de réponses',
      tab_other: '{{count}} réponses',
    });
    expect(french).toEqual(english);
    expect(english).toEqual(new Map([['tab', 'count']]));
  });

  it('sees a placeholder renamed or a formatted one', () => {
    expect(keySignatures({ a: 'Hi {{name}}' })).not.toEqual(
      keySignatures({ a: 'Salut {{nom}}' }),
    );
    expect(keySignatures({ a: '{{speed, number}}×' })).toEqual(
      keySignatures({ a: '{{speed}}' }),
    );
  });
});

describe.each(others)('%s against en-gb', (locale) => {
  it('has found the namespace files', () => {
    expect(Object.keys(reference).length).toBeGreaterThan(10);
    expect(Object.keys(locales[locale] ?? {}).sort()).toEqual(
      Object.keys(reference).sort(),
    );
  });

  // validation.json is keyed by the English message itself (en-gb is empty by design): each
  // French line must keep the placeholders of its English key.
  it('keeps the placeholders of every validation message', () => {
    const validation = leaves(locales[locale]?.validation ?? {});
    const wrong = [...validation]
      .filter(
        ([english, text]) =>
          placeholders(english).sort().join() !==
          placeholders(text).sort().join(),
      )
      .map(([english]) => english);
    expect(wrong).toEqual([]);
  });

  it.each(namespaces.filter((namespace) => namespace !== 'validation'))(
    '%s.json has the same keys and placeholders',
    (namespace) => {
      const expected = keySignatures(reference[namespace] ?? {});
      const actual = keySignatures(locales[locale]?.[namespace] ?? {});
      const missing = [...expected.keys()].filter((key) => !actual.has(key));
      const extra = [...actual.keys()].filter((key) => !expected.has(key));
      const placeholdersDiffer = [...expected]
        .filter(([key, names]) => actual.has(key) && actual.get(key) !== names)
        .map(
          ([key, names]) =>
            `${key}: en-gb {${names}} ≠ ${locale} {${actual.get(key) ?? ''}}`,
        );
      expect({ missing, extra, placeholdersDiffer }).toEqual({
        missing: [],
        extra: [],
        placeholdersDiffer: [],
      });
    },
  );
});
