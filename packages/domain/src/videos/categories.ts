/** The category box filters its list only once more than one character is typed. */
export const CATEGORY_FILTER_MIN_LENGTH = 2;

export function shouldFilterCategories(text: string): boolean {
  return text.trim().length >= CATEGORY_FILTER_MIN_LENGTH;
}

/** The categories to offer for the typed text: all of them until the filter applies. */
export function filterCategories(
  categories: readonly string[],
  text: string,
): string[] {
  if (!shouldFilterCategories(text)) return [...categories];
  const needle = text.trim().toLowerCase();
  return categories.filter((category) =>
    category.toLowerCase().includes(needle),
  );
}

/** A category change is sent only when the trimmed value differs from the current one. */
export function isCategoryChange(current: string, next: string): boolean {
  return current.trim() !== next.trim();
}
