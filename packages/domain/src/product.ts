export const PRODUCT_NAME = 'Candor';

export const LOCALES = ['en-gb', 'fr-fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en-gb';

export function isLocale(value: unknown): value is Locale {
  return (
    typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
  );
}

/** A stored or requested locale, or the fallback when it is not one we have. */
export function resolveLocale(value: string | null | undefined): Locale {
  const lower = value?.toLowerCase();
  return isLocale(lower) ? lower : FALLBACK_LOCALE;
}

/** The page title template of the spec: '{title} - {product}'. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}
