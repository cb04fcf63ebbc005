type ClassValue = string | false | null | undefined | 0;

/** Joins class names, skipping the falsy ones (`cn('a', isOn && 'b')`). */
export function cn(...values: ClassValue[]): string {
  return values.filter(Boolean).join(' ');
}
