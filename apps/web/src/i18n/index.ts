import {
  FALLBACK_LOCALE,
  LOCALES,
  resolveLocale,
  type Locale,
} from '@candor/domain';
import { useEffect, useState } from 'react';
import i18n, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import firstPaintNamespaces from './locales/en-gb/first-paint';

// The fallback locale's namespaces of sign-in and the candidate's pages are part of the first
// download (decision 184); its other namespaces are one chunk that `loadAllTranslations` fetches
// before any other page shows. Every other locale is a chunk of its own, fetched when it is
// first applied (decision 084).
const otherLocales = import.meta.glob<ResourceLanguage>(
  ['./locales/*/index.ts', '!./locales/en-gb/index.ts'],
  { import: 'default' },
);

void i18n.use(initReactI18next).init({
  resources: { [FALLBACK_LOCALE]: firstPaintNamespaces },
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  ns: Object.keys(firstPaintNamespaces),
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const loadedLocales = new Map<Locale, Promise<void>>();

let fallbackRest: Promise<void> | undefined;

/** The fallback locale's namespaces first-paint.ts leaves out; fetched once. */
export function loadAllTranslations(): Promise<void> {
  if (!fallbackRest) {
    const loading = import('./locales/en-gb/rest').then(
      ({ default: namespaces }) => {
        for (const [namespace, resources] of Object.entries(namespaces))
          i18n.addResourceBundle(
            FALLBACK_LOCALE,
            namespace,
            resources,
            true,
            true,
          );
      },
    );
    loading.catch(() => (fallbackRest = undefined));
    fallbackRest = loading;
  }
  return fallbackRest;
}

/** Fetches a locale's translations once; a failed fetch may be tried again later. */
function loadLocale(locale: Locale): Promise<void> {
  const load = otherLocales[`./locales/${locale}/index.ts`];
  if (!load) return Promise.resolve();
  let loading = loadedLocales.get(locale);
  if (!loading) {
    loading = load().then((namespaces) => {
      for (const [namespace, resources] of Object.entries(namespaces))
        i18n.addResourceBundle(locale, namespace, resources, true, true);
    });
    loading.catch(() => loadedLocales.delete(locale));
    loadedLocales.set(locale, loading);
  }
  return loading;
}

/** A `?lang=` choice wins over the account's locale for the rest of the browser session. */
const LANG_OVERRIDE_KEY = 'candor.lang';

export function chosenLocale(): Locale | undefined {
  const stored = sessionStorage.getItem(LANG_OVERRIDE_KEY);
  return stored ? resolveLocale(stored) : undefined;
}

export function chooseLocale(locale: Locale | null): void {
  if (locale) sessionStorage.setItem(LANG_OVERRIDE_KEY, locale);
  else sessionStorage.removeItem(LANG_OVERRIDE_KEY);
}

/** The locale asked for last: an earlier request whose translations arrive later loses. */
let wantedLocale: Locale = FALLBACK_LOCALE;

/**
 * Switches the interface to `locale` once its translations are loaded (resolves then). If they
 * cannot be fetched, the page stays in the language it has, which every key falls back to.
 */
export async function applyLocale(locale: Locale): Promise<void> {
  wantedLocale = locale;
  try {
    await loadLocale(locale);
  } catch {
    return;
  }
  if (wantedLocale !== locale) return;
  document.documentElement.lang = locale === 'fr-fr' ? 'fr-FR' : 'en-GB';
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/**
 * Applies `locale` (when given) and tells whether it is in effect, so a page can keep its
 * skeleton instead of showing the fallback language while the translations load.
 */
export function useAppliedLocale(locale: Locale | undefined): boolean {
  const [settled, setSettled] = useState<Locale>();
  useEffect(() => {
    if (!locale) return;
    let live = true;
    void applyLocale(locale).then(() => live && setSettled(locale));
    return () => {
      live = false;
    };
  }, [locale]);
  return !locale || settled === locale || i18n.language === locale;
}

export { i18n };
