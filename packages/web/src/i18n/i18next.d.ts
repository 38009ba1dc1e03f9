import 'i18next';
import type { en } from './en';
import type { searchEn } from './search.en';
import type { teamsEn } from './teams.en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; teams: typeof teamsEn; search: typeof searchEn };
  }
}
