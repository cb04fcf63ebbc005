import { describe, expect, it } from 'vitest';
import {
  FALLBACK_LOCALE,
  isLocale,
  pageTitle,
  PRODUCT_NAME,
  resolveLocale,
} from './product';

describe('pageTitle: the template {title} - {product}', () => {
  it('puts the page title before the product name', () => {
    expect(pageTitle('My account')).toBe(`My account - ${PRODUCT_NAME}`);
    expect(pageTitle('Connexion')).toBe('Connexion - Candor');
  });

  it('is just the product name without a title', () => {
    expect(pageTitle()).toBe('Candor');
    expect(pageTitle('')).toBe('Candor');
    expect(pageTitle(null)).toBe('Candor');
  });
});

describe('locales: en-gb (fallback) and fr-fr', () => {
  it('knows exactly the two locales', () => {
    expect(isLocale('en-gb')).toBe(true);
    expect(isLocale('fr-fr')).toBe(true);
    expect(isLocale('xx')).toBe(false);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it('falls back to en-gb for anything else', () => {
    expect(FALLBACK_LOCALE).toBe('en-gb');
    expect(resolveLocale('fr-fr')).toBe('fr-fr');
    expect(resolveLocale('FR-FR')).toBe('fr-fr');
    expect(resolveLocale('de-de')).toBe('en-gb');
    expect(resolveLocale('fr')).toBe('en-gb');
    expect(resolveLocale('')).toBe('en-gb');
    expect(resolveLocale(null)).toBe('en-gb');
    expect(resolveLocale(undefined)).toBe('en-gb');
  });
});
