import { describe, expect, test } from 'vitest';
import { buildsColumns, rowBuilder } from './row-objects';

describe('rows built from arrays', () => {
  test('each column becomes a property, in the columns’ order', () => {
    const { build } = rowBuilder(['id', 'title', 'created_at']);
    const row = build([7, 'Nurse', null]);
    expect(row).toEqual({ id: 7, title: 'Nurse', created_at: null });
    expect(Object.keys(row)).toEqual(['id', 'title', 'created_at']);
  });

  test('a repeated name keeps its first place and its last value, as pg does', () => {
    const row = rowBuilder(['id', 'name', 'id']).build([1, 'Ann', 2]);
    expect(row).toEqual({ id: 2, name: 'Ann' });
    expect(Object.keys(row)).toEqual(['id', 'name']);
  });

  test('a column named __proto__ is an own property, not the prototype', () => {
    const row = rowBuilder(['__proto__', 'x']).build([{ polluted: true }, 1]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({
      polluted: true,
    });
    expect((row as { polluted?: unknown }).polluted).toBeUndefined();
  });

  test('names with quotes, backslashes and code stay names', () => {
    const columns = ['a"b', 'c\\', '}; throw 1; ({', '\u2028'];
    const row = rowBuilder(columns).build([1, 2, 3, 4]);
    expect(Object.keys(row)).toEqual(columns);
  });

  test('a builder is reused only for the same columns in the same order', () => {
    const builder = rowBuilder(['id', 'name']);
    const fields = (...names: string[]) => names.map((name) => ({ name }));
    expect(buildsColumns(builder, fields('id', 'name'))).toBe(true);
    expect(buildsColumns(builder, fields('name', 'id'))).toBe(false);
    expect(buildsColumns(builder, fields('id', 'name', 'note'))).toBe(false);
  });
});
