import { passwordIssues, privatePasswordTip, type Settings, validatePrivatePassword } from '@cirrus/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { useSettings } from '../settings/queries';

export interface PasswordRule {
  /** The message for a password that breaks the rule, or undefined. */
  check(password: string): string | undefined;
  /** The rule in one sentence, shown under the field. */
  tip: string;
}

/**
 * The new-password rule of spec 000 §5 / 002 §5, by the shared validators: the standard rule, or
 * with IS_PRIVATIZATION the configured rule and its tip. Sign-up always uses the standard rule.
 */
export function passwordRuleOf(
  settings: Pick<Settings, 'IS_PRIVATIZATION' | 'private_password_rule'>,
  t: TFunction,
  lang: ReturnType<typeof useLanguage>,
  mode: 'deployment' | 'standard' = 'deployment',
): PasswordRule {
  if (mode === 'deployment' && settings.IS_PRIVATIZATION) {
    const rule = settings.private_password_rule;
    const tip = privatePasswordTip(rule, lang);
    return { tip, check: (password) => (validatePrivatePassword(password, rule) ? tip : undefined) };
  }
  return {
    tip: t('password.standardTip'),
    check: (password) => {
      const [issue] = passwordIssues(password);
      return issue ? t(`password.issues.${issue}`) : undefined;
    },
  };
}

export function usePasswordRule(mode: 'deployment' | 'standard' = 'deployment'): PasswordRule {
  const { t } = useTranslation();
  const lang = useLanguage();
  const settings = useSettings();
  return passwordRuleOf(settings, t, lang, mode);
}
