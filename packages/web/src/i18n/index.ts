/**
 * zh-CN and en (ARCHITECTURE.md "web app"). The language follows the browser (zh* -> zh-CN, else
 * en) until the user picks one in the top bar; the choice is kept in localStorage. dayjs follows
 * it here, antd's locale in the app providers.
 */
import type { Lang } from '@cirrus/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en';
import { searchEn } from './search.en';
import { searchZhCN } from './search.zh-CN';
import { teamsEn } from './teams.en';
import { teamsZhCN } from './teams.zh-CN';
import { zhCN } from './zh-CN';

/** The shared catalogue's languages are the app's languages. */
export type Language = Lang;
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];

const STORAGE_KEY = 'cirrus.language';
const DAYJS_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-cn', en: 'en' };

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, policy): fall back to the browser's language
  }
}

function applyLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  document.documentElement.lang = language;
}

/** The current language, re-rendering on a switch. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not remembered, still switched
  }
  applyLanguage(language);
  await i18next.changeLanguage(language);
}

export function initI18n(language: Language = detectLanguage(readStoredLanguage(), navigator.language)) {
  applyLanguage(language);
  void i18next.use(initReactI18next).init({
    resources: {
      'zh-CN': { translation: zhCN, teams: teamsZhCN, search: searchZhCN },
      en: { translation: en, teams: teamsEn, search: searchEn },
    },
    ns: ['translation', 'teams', 'search'],
    defaultNS: 'translation',
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // The resources are bundled, so init finishes synchronously and the first render has texts.
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
  });
  return i18next;
}
