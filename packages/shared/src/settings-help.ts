// What each setting means (the console shows it beside the value) and which values it takes. The
// defaults themselves are in settings.ts; both sides check a new value with validateSettingValue.

import type { Lang } from './errors.ts';
import { formatSize } from './format.ts';
import { DEFAULT_SETTINGS, type LinkRange, type SettingName, type Settings } from './settings.ts';
import { LINK_RANGES } from './sharing.ts';

export type SettingGroup = 'sharing' | 'features' | 'organization' | 'accounts' | 'limits' | 'links';

export interface SettingHelp {
  group: SettingGroup;
  zh: string;
  en: string;
  /** Deployment-wide: one value for every company (sign-up is for people outside any company). */
  deployment?: true;
  /** Bounds of a number setting. */
  min?: number;
  max?: number;
  /** A size: stored and sent in bytes, typed and shown in MB, GB or TB (the bounds said so too). */
  bytes?: true;
}

export const SETTING_GROUPS: readonly SettingGroup[] = [
  'sharing',
  'features',
  'organization',
  'accounts',
  'limits',
  'links',
];

export const SETTING_HELP: Record<SettingName, SettingHelp> = {
  link_ranges: {
    group: 'sharing',
    zh: '分享链接可选的范围：任何人、公司、团队、指定人员。范围被取消的已有链接只对其指定的人和所在空间的成员开放。',
    en: 'The link ranges an editor may choose: anyone, company, team, chosen people. A link whose range is taken away opens only for the people it names and those of its space.',
  },
  default_link_range: {
    group: 'sharing',
    zh: '新建分享链接时的默认范围，必须是允许的范围之一。',
    en: 'The range a new share link gets; must be one of the allowed ranges.',
  },
  allow_shareuser: {
    group: 'sharing',
    zh: '允许普通成员把文件分享给指定人员。',
    en: 'Let plain team members share with chosen people.',
  },
  control_share: {
    group: 'sharing',
    zh: '管控分享：隐藏分享链接入口。',
    en: 'Controlled sharing: hides the share-link entry.',
  },
  allow_real_name: {
    group: 'sharing',
    zh: '分享前必须完成实名认证（在“实名认证”中审核）。',
    en: 'Users must pass real-name verification before sharing (reviewed under Real-name requests).',
  },
  ALLOW_FILE_LOCK: {
    group: 'features',
    zh: '允许锁定文件，防止他人同时编辑（部署开关）。',
    en: 'Allow locking files against simultaneous editing (deployment switch).',
  },
  allow_file_lock: {
    group: 'features',
    zh: '在界面中显示文件锁定功能。',
    en: 'Show file locking in the app.',
  },
  ALLOW_AUTO_CONVERT_SECDOC: {
    group: 'features',
    zh: '允许团队开启自动转换为安全文档（还需启用安全文档）。',
    en: 'Allow teams to turn on automatic conversion to security documents (security documents must be on too).',
  },
  allow_securitydoc: {
    group: 'features',
    zh: '启用安全文档：关闭后不再转换新的文档，已转换的仍是安全文档。',
    en: 'Security documents: off, nothing more is converted; documents converted before stay security documents.',
  },
  allow_secret_label: {
    group: 'features',
    zh: '启用文件密级标签。',
    en: 'Enable secrecy labels on files.',
  },
  ALLOW_WEBOFFICE: {
    group: 'features',
    zh: '启用网页版 Office（部署开关）；私有部署时应用改挂在 /view 下。',
    en: 'Enable web office (deployment switch); a private deployment then serves the app under /view.',
  },
  allow_weboffice: {
    group: 'features',
    zh: '在界面中使用网页版 Office 打开文档。',
    en: 'Open documents in web office in the app.',
  },
  ALLOW_CLIENT_UPLOAD: {
    group: 'features',
    zh: '允许通过桌面客户端上传（交给桌面客户端的设置；网页端上传不受影响）。',
    en: 'Allow uploads through the desktop client (handed to desktop clients in the settings call; web uploads are not affected).',
  },
  allow_advanced_search: {
    group: 'features',
    zh: '启用高级搜索（全文、筛选）。',
    en: 'Enable advanced search (content, filters).',
  },
  allow_chat: {
    group: 'features',
    zh: '启用聊天与多人会话。',
    en: 'Enable chat and multi-person conversations.',
  },
  allow_organization: {
    group: 'organization',
    zh: '显示组织架构（部门通讯录）。',
    en: 'Show the organisation (the department directory).',
  },
  ALLOW_GROUP_DEPT_MEMBER: {
    group: 'organization',
    zh: '允许把部门作为成员加入团队；关闭时部门团队不能另加成员。',
    en: 'Allow departments as team members; when off, department teams take no extra members.',
  },
  allow_approve_create_group: {
    group: 'organization',
    zh: '创建团队需要审批。',
    en: 'Creating a team needs approval.',
  },
  IS_PRIVATIZATION: {
    group: 'accounts',
    zh: '私有部署：使用下面的密码规则和更换周期，隐藏意见反馈。',
    en: 'Private deployment: the password rule and replacement cycle below apply; feedback is hidden.',
  },
  private_password_rule: {
    group: 'accounts',
    zh: '私有部署的密码规则：长度范围与必须包含的字符类型。',
    en: 'The private-deployment password rule: length range and required character types.',
  },
  password_replace_cycle_days: {
    group: 'accounts',
    zh: '私有部署中密码须更换的天数，0 为不要求。',
    en: 'Days after which a private-deployment password must be replaced; 0 never.',
    min: 0,
    max: 3650,
  },
  account_suffix: {
    group: 'accounts',
    zh: '登录时自动补在账号名后的后缀，如 @example.com（整个部署共用：登录页尚不知道公司）。',
    en: 'Appended to a bare account name at login, such as @example.com (deployment-wide: the login page does not know the company yet).',
    // The login page reads it logged out, before anyone's company is known.
    deployment: true,
  },
  allow_signup: {
    group: 'accounts',
    zh: '允许公司外的普通用户自行注册。',
    en: 'Let general users outside any company sign up.',
    deployment: true,
  },
  signup_vip_level: {
    group: 'accounts',
    zh: '自行注册的普通用户的 VIP 等级。',
    en: 'The VIP level of a general user who signs up.',
    deployment: true,
    min: 0,
    max: 10,
  },
  unable_logout: {
    group: 'accounts',
    zh: '隐藏“退出登录”。',
    en: 'Hide Log out.',
  },
  unable_user_avatar_edit: {
    group: 'accounts',
    zh: '禁止用户修改头像。',
    en: 'Users may not change their avatar.',
  },
  logout_url: {
    group: 'links',
    zh: '外部退出登录地址；设置后隐藏“修改密码”。',
    en: 'External logout address; when set, Change password is hidden.',
  },
  history_version_count: {
    group: 'limits',
    zh: '每个文件默认保留的历史版本数。',
    en: 'History versions a file keeps by default.',
    min: 1,
    max: 10000,
  },
  history_version_max: {
    group: 'limits',
    zh: '团队可设置的历史版本数上限。',
    en: 'The most history versions a team may set.',
    min: 1,
    max: 10000,
  },
  max_file_size: {
    group: 'limits',
    zh: '单个文件的最大大小。',
    en: 'The largest file accepted.',
    bytes: true,
    min: 1,
    max: 1024 ** 4,
  },
  secdoc_convert_max_mb: {
    group: 'limits',
    zh: '自动转换为安全文档的最大文件大小（MB），超过则转换失败（错误 5007）。',
    en: 'The largest document, in MB, that becomes a security document; above it the conversion fails (error 5007).',
    min: 1,
    max: 1024,
  },
  max_group_members: {
    group: 'limits',
    zh: '每个团队的最多成员数。',
    en: 'The most members a team may have.',
    min: 1,
    max: 100000,
  },
  max_groups_per_user: {
    group: 'limits',
    zh: '每人最多可创建或加入的团队数。',
    en: 'The most teams one person may have.',
    min: 1,
    max: 100000,
  },
  trash_retention_days: {
    group: 'limits',
    zh: '回收站中的文件保留天数，到期后彻底删除。',
    en: 'Days files stay in the recycle bin before they are purged.',
    min: 1,
    max: 3650,
  },
  admin_portal_url: {
    group: 'links',
    zh: '头像菜单“管理后台”打开的地址（默认本控制台 /pcview/admin）。',
    en: 'Where the avatar menu’s Manage background goes (default: this console, /pcview/admin).',
  },
  custom_link_label: {
    group: 'links',
    zh: '头像菜单中自定义链接的名称（与地址同时设置才显示）。',
    en: 'The label of the avatar menu’s custom link (shown when the address is set too).',
  },
  custom_link_url: {
    group: 'links',
    zh: '头像菜单中自定义链接的地址。',
    en: 'The address of the avatar menu’s custom link.',
  },
  download_client_url: {
    group: 'links',
    zh: '“下载客户端”页面的地址；留空则隐藏该入口。',
    en: 'The address of the Download client page; empty hides the entry.',
  },
};

const URL_SETTINGS: ReadonlySet<SettingName> = new Set([
  'admin_portal_url',
  'logout_url',
  'custom_link_url',
  'download_client_url',
]);

const PASSWORD_TYPES = ['digit', 'character', 'upper_lower_case', 'symbol'] as const;

/** A site path or an http(s) address; '' is none. */
export function isSettingUrl(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  return /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The reasons of validateSettingValue in Chinese (the English is the reason itself). */
const REASONS_ZH: Record<string, string> = {
  'must be true or false': '须为开或关',
  'must be a whole number': '须为整数',
  'must be a size': '须填写大小',
  'must be a whole number of bytes': '须为整数字节',
  'must not exceed history_version_max': '不能超过 history_version_max',
  'must not be below history_version_count': '不能小于 history_version_count',
  'must be text of at most 2000 characters': '须为不超过 2000 个字符的文本',
  'must be a path (/...) or an http(s) address': '须为路径（/...）或 http(s) 地址',
  'must be a link range': '须为链接范围',
  'must be one of the allowed link ranges': '须为允许的链接范围之一',
  'must look like @example.com': '格式须如 @example.com',
  'must name at least one range': '至少选择一个范围',
  'must name link ranges only': '只能选择链接范围',
  'must not repeat a range': '范围不能重复',
  'must keep the default link range': '须保留默认链接范围',
  'must be an object': '须为对象',
  'needs whole-number length bounds': '长度上下限须为整数',
  'length bounds must satisfy 6 ≤ lower ≤ upper ≤ 64': '长度须满足 6 ≤ 下限 ≤ 上限 ≤ 64',
  'type must list digit, character, upper_lower_case, symbol':
    'type 只能是 digit、character、upper_lower_case、symbol',
  'type must not repeat': 'type 不能重复',
  'has unknown fields': '含有未知字段',
  'cannot be set': '不能设置',
};

/** A reason of validateSettingValue in the page's language. */
export function settingReasonText(reason: string, lang: Lang): string {
  if (lang === 'en') return reason;
  const bound = /^must be at (least|most) (-?\d+(?:\.\d+)?(?: [KMGTPE]?B)?)$/.exec(reason);
  if (bound) return bound[1] === 'least' ? `不能小于 ${bound[2]}` : `不能大于 ${bound[2]}`;
  return REASONS_ZH[reason] ?? reason;
}

/**
 * Whether `value` is acceptable for the setting, given the others (default_link_range must be an
 * allowed range). Answers a short English reason, or undefined when it is fine.
 */
export function validateSettingValue(
  name: SettingName,
  value: unknown,
  current: Settings,
): string | undefined {
  const fallback = DEFAULT_SETTINGS[name];
  const help = SETTING_HELP[name];
  if (typeof fallback === 'boolean') return typeof value === 'boolean' ? undefined : 'must be true or false';
  if (typeof fallback === 'number') {
    if (help.bytes && typeof value !== 'number') return 'must be a size';
    if (help.bytes && !Number.isInteger(value)) return 'must be a whole number of bytes';
    if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
    // A size's bounds read as sizes: "must be at most 1.00 TB", not 1099511627776.
    const bound = (n: number) => (help.bytes ? formatSize(n) : String(n));
    if (help.min !== undefined && value < help.min) return `must be at least ${bound(help.min)}`;
    if (help.max !== undefined && value > help.max) return `must be at most ${bound(help.max)}`;
    if (name === 'history_version_count' && value > current.history_version_max)
      return 'must not exceed history_version_max';
    if (name === 'history_version_max' && value < current.history_version_count)
      return 'must not be below history_version_count';
    return undefined;
  }
  if (typeof fallback === 'string') {
    if (typeof value !== 'string' || value.length > 2000) return 'must be text of at most 2000 characters';
    if (URL_SETTINGS.has(name) && !isSettingUrl(value.trim()))
      return 'must be a path (/...) or an http(s) address';
    if (name === 'default_link_range') {
      if (!(LINK_RANGES as readonly string[]).includes(value)) return 'must be a link range';
      if (!current.link_ranges.includes(value as LinkRange)) return 'must be one of the allowed link ranges';
    }
    if (name === 'account_suffix' && value !== '' && !/^@[\w.-]+$/.test(value))
      return 'must look like @example.com';
    return undefined;
  }
  if (name === 'link_ranges') {
    if (!Array.isArray(value) || value.length === 0) return 'must name at least one range';
    if (!value.every((v) => (LINK_RANGES as readonly unknown[]).includes(v)))
      return 'must name link ranges only';
    if (new Set(value).size !== value.length) return 'must not repeat a range';
    if (!value.includes(current.default_link_range)) return 'must keep the default link range';
    return undefined;
  }
  if (name === 'private_password_rule') {
    if (!isRecord(value)) return 'must be an object';
    const low = value.length_lowerbound;
    const high = value.length_upperbound;
    const types = value.type;
    if (
      typeof low !== 'number' ||
      typeof high !== 'number' ||
      !Number.isInteger(low) ||
      !Number.isInteger(high)
    )
      return 'needs whole-number length bounds';
    if (low < 6 || high > 64 || low > high) return 'length bounds must satisfy 6 ≤ lower ≤ upper ≤ 64';
    if (!Array.isArray(types) || !types.every((t) => (PASSWORD_TYPES as readonly unknown[]).includes(t)))
      return 'type must list digit, character, upper_lower_case, symbol';
    if (new Set(types).size !== types.length) return 'type must not repeat';
    if (Object.keys(value).some((k) => !['length_lowerbound', 'length_upperbound', 'type'].includes(k)))
      return 'has unknown fields';
    return undefined;
  }
  return 'cannot be set';
}
