import {
  FALLBACK_LOCALE,
  LOCALES,
  resolveLocale,
  type Locale,
} from '@candor/domain';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

// Every `locales/<locale>/<namespace>.json` is picked up here, so a feature only adds its files.
const files = import.meta.glob<{ default: Record<string, unknown> }>(
  './locales/*/*.json',
  {
    eager: true,
  },
);

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = module.default;
  }
  return resources;
}

const resources = buildResources();

void i18n.use(initReactI18next).init({
  resources,
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  ns: Object.keys(resources[FALLBACK_LOCALE] ?? {}),
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

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

export function applyLocale(locale: Locale): void {
  document.documentElement.lang = locale === 'fr-fr' ? 'fr-FR' : 'en-GB';
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

export { i18n };
