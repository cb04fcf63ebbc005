import { describe, expect, test } from 'vitest';
import { rowReader, type Column } from './row-objects';

const text = (name: string): Column => ({ name, parse: (value) => value });
const int = (name: string): Column => ({ name, parse: Number });

describe('rows read by a compiled reader', () => {
  test('each column becomes a property, read by its parser, in the columns’ order', () => {
    const read = rowReader([int('id'), text('title'), text('created_at')]);
    const row = read(['7', 'Nurse', null]);
    expect(row).toEqual({ id: 7, title: 'Nurse', created_at: null });
    expect(Object.keys(row)).toEqual(['id', 'title', 'created_at']);
  });

  test('a repeated name keeps its first place and its last value, as pg does', () => {
    const row = rowReader([int('id'), text('name'), int('id')])([
      '1',
      'Ann',
      '2',
    ]);
    expect(row).toEqual({ id: 2, name: 'Ann' });
    expect(Object.keys(row)).toEqual(['id', 'name']);
  });

  test('a column named __proto__ is an own property, not the prototype', () => {
    const json: Column = { name: '__proto__', parse: JSON.parse };
    const row = rowReader([json, int('x')])(['{"polluted":true}', '1']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({
      polluted: true,
    });
    expect((row as { polluted?: unknown }).polluted).toBeUndefined();
  });

  test('names with quotes, backslashes and code stay names', () => {
    const names = ['a"b', 'c\\', '}); throw 1; ({', '\u2028'];
    const row = rowReader(names.map(text))(['1', '2', '3', '4']);
    expect(Object.keys(row)).toEqual(names);
    expect(Object.values(row)).toEqual(['1', '2', '3', '4']);
  });
});
