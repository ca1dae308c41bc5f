/**
 * The app's i18next instance. English is the default, with the spec's exact texts: its core (the
 * shell, common words, errors) is bundled, and the screen areas' texts load with the first screen
 * (`ensureCatalogues`, awaited by every lazy chunk); Bangla and its font load on demand the first
 * time Bangla is chosen. Keys are typed from the whole English catalogue, so
 * `t('common.tryAgain')` type-checks and a misspelt key does not.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { en } from './en';
import { enCore } from './en-core';

export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'bn';
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: enCore } },
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
});

/** The language chosen on this device before sign-in (the user's server setting wins after). */
export const LANGUAGE_STORAGE_KEY = 'pathshala.language';

export function storedLanguage(): Language | null {
  try {
    const value = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Switches the whole app, without a reload: loads Bangla's catalogue the first time (the font is
 * in the app's stylesheet for both languages, src/i18n/bangla-font.css). */
export async function setLanguage(lang: Language): Promise<void> {
  if (lang === 'bn' && !i18n.hasResourceBundle('bn', 'translation')) {
    const { bn } = await import('./bn');
    i18n.addResourceBundle('bn', 'translation', bn);
  }
  // luxon is imported here, not at the top: the first page (sign-in) needs no dates, and a
  // static import would put all of luxon (about 22 KB gzip) into the initial load.
  const { Settings } = await import('luxon');
  Settings.defaultLocale = lang === 'bn' ? 'bn' : 'en';
  // Month and weekday names follow the language, digits never do in luxon itself: the same luxon
  // formats the API's times (HH:mm:ss) and parses the server's, which must stay Latin. Screens
  // write Bangla digits through src/i18n/format.ts (formatDate, localDigits).
  Settings.defaultNumberingSystem = 'latn';
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this visit */
  }
  await i18n.changeLanguage(lang);
}

/** The current language and `t`, re-rendering when the language changes. */
export function useI18n() {
  const { t, i18n: instance } = useTranslation();
  const lang: Language = isLanguage(instance.language) ? instance.language : 'en';
  return { t, lang };
}

let catalogues: Promise<void> | null = null;

/**
 * The whole English catalogue (every screen area's texts), loaded once. Every lazy chunk waits for
 * it (src/ui/lazy-retry.ts), so no screen ever renders a bare key; a failed load is tried again.
 */
export function ensureCatalogues(): Promise<void> {
  catalogues ??= import('./en')
    .then(({ en }) => {
      i18n.addResourceBundle('en', 'translation', en, true, true);
    })
    .catch((error: unknown) => {
      catalogues = null;
      throw error;
    });
  return catalogues;
}
