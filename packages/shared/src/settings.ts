/**
 * Company settings and feature flags (spec 002 "Global configuration flags", spec 000 §6,
 * spec 001 §6). The server keeps them in the settings table, seeded from the environment;
 * the web app reads them through GET /portal/v1/companies/encrypted_settings?names=...
 * Values the specs leave "not shown" get the defaults below.
 */
import { SECDOC_CONVERT_MAX_MB } from './secdoc.ts';

export type LinkRange = 'anyone' | 'company' | 'group' | 'user';

export interface PrivatePasswordRule {
  length_lowerbound: number;
  length_upperbound: number;
  type: ('digit' | 'character' | 'upper_lower_case' | 'symbol')[];
}

export interface Settings {
  ALLOW_FILE_LOCK: boolean;
  ALLOW_CLIENT_UPLOAD: boolean;
  ALLOW_AUTO_CONVERT_SECDOC: boolean;
  ALLOW_GROUP_DEPT_MEMBER: boolean;
  IS_PRIVATIZATION: boolean;
  ALLOW_WEBOFFICE: boolean;
  allow_organization: boolean;
  allow_chat: boolean;
  allow_securitydoc: boolean;
  allow_approve_create_group: boolean;
  allow_secret_label: boolean;
  allow_advanced_search: boolean;
  allow_weboffice: boolean;
  allow_file_lock: boolean;
  allow_shareuser: boolean;
  control_share: boolean;
  unable_logout: boolean;
  unable_user_avatar_edit: boolean;
  allow_real_name: boolean;
  allow_signup: boolean;
  /** The vip level of a general user who signs up (allow_signup); 10 is the demo's general user. */
  signup_vip_level: number;
  /** Link ranges an editor may choose, and the one a new link gets. */
  link_ranges: LinkRange[];
  default_link_range: LinkRange;
  /** Appended to a bare account name at login, hidden when accounts are shown ("@example.com"). */
  account_suffix: string;
  history_version_count: number;
  history_version_max: number;
  max_file_size: number;
  /** The largest document auto-convert takes, in MB (spec 000 §9: "from configuration"; spec 001 §8's 5007 inserts it). */
  secdoc_convert_max_mb: number;
  max_group_members: number;
  max_groups_per_user: number;
  trash_retention_days: number;
  private_password_rule: PrivatePasswordRule;
  /** Days after which a private-deployment password must be replaced; 0 never. */
  password_replace_cycle_days: number;
  /** Where "manage background" in the avatar menu goes (spec: an external portal). */
  admin_portal_url: string;
  /** An external logout address hides the change-password button (spec 000 §6). */
  logout_url: string;
  custom_link_label: string;
  custom_link_url: string;
  download_client_url: string;
}

export type SettingName = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  ALLOW_FILE_LOCK: true,
  ALLOW_CLIENT_UPLOAD: true,
  ALLOW_AUTO_CONVERT_SECDOC: false,
  ALLOW_GROUP_DEPT_MEMBER: true,
  IS_PRIVATIZATION: false,
  ALLOW_WEBOFFICE: false,
  allow_organization: true,
  allow_chat: false,
  allow_securitydoc: true,
  allow_approve_create_group: false,
  allow_secret_label: false,
  allow_advanced_search: true,
  allow_weboffice: false,
  allow_file_lock: true,
  allow_shareuser: true,
  control_share: false,
  unable_logout: false,
  unable_user_avatar_edit: false,
  allow_real_name: false,
  allow_signup: false,
  signup_vip_level: 10,
  link_ranges: ['anyone', 'company', 'group', 'user'],
  default_link_range: 'company',
  account_suffix: '',
  history_version_count: 20,
  history_version_max: 100,
  max_file_size: 104857600,
  secdoc_convert_max_mb: SECDOC_CONVERT_MAX_MB,
  max_group_members: 500,
  max_groups_per_user: 100,
  trash_retention_days: 30,
  private_password_rule: {
    length_lowerbound: 8,
    length_upperbound: 20,
    type: ['digit', 'character', 'symbol'],
  },
  password_replace_cycle_days: 0,
  admin_portal_url: '/pcview/admin',
  logout_url: '',
  custom_link_label: '',
  custom_link_url: '',
  download_client_url: '/download',
};

export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as SettingName[];

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(DEFAULT_SETTINGS, name);
}

/** Appends the company's account suffix to a bare account name (no @, not a phone number). */
export function withAccountSuffix(account: string, suffix: string): string {
  const trimmed = account.trim();
  if (!suffix || trimmed.includes('@') || /^\+?\d{6,}$/.test(trimmed)) return trimmed;
  return trimmed + suffix;
}

/** Shows an account without the company's suffix. */
export function withoutAccountSuffix(account: string, suffix: string): string {
  return suffix && account.endsWith(suffix) ? account.slice(0, -suffix.length) : account;
}
