import { describe, expect, test } from 'vitest';
import { consoleAccess, validateDeptName, validateUniqueName, validateVipLevel } from './admin.ts';
import { DEFAULT_SETTINGS, SETTING_NAMES } from './settings.ts';
import { SETTING_HELP, settingReasonText, validateSettingValue } from './settings-help.ts';

describe('consoleAccess (spec 000 §6: the company admin or a role other than plain user)', () => {
  test.each([
    [[], false, null],
    [['user'], false, null],
    [[''], false, null],
    [[], true, 'manage'],
    [['admin'], false, 'manage'],
    [['auditor'], false, 'view'],
    [['user', 'auditor'], false, 'view'],
  ] as const)('roles %j, company admin %s: %s', (roles, isCompanyAdmin, access) => {
    expect(consoleAccess({ roles, isCompanyAdmin })).toBe(access);
  });
});

describe('console validators', () => {
  test.each([
    ['ab', undefined],
    ['li.si-2_x', undefined],
    ['a', 'InvalidAccount'],
    ['12345', 'InvalidAccount'],
    ['me@x.org', 'InvalidAccount'],
    ['.dot', 'InvalidAccount'],
    ['x'.repeat(33), 'InvalidAccount'],
  ])('unique name %s: %s', (name, error) => {
    expect(validateUniqueName(name)).toBe(error);
  });

  test.each([
    ['研发中心', undefined],
    ['R&D', undefined],
    ['', 'illegalDeptName'],
    ['a/b', 'illegalDeptName'],
    ['a\\b', 'illegalDeptName'],
    ['x'.repeat(65), 'illegalDeptName'],
  ])('department name %j: %s', (name, error) => {
    expect(validateDeptName(name)).toBe(error);
  });

  test.each([
    [0, undefined],
    [10, undefined],
    [11, 'badRequest'],
    [1.5, 'badRequest'],
  ])('vip level %s: %s', (level, error) => {
    expect(validateVipLevel(level)).toBe(error);
  });
});

describe('settings: every one has help in both languages and accepts its own default', () => {
  test.each(SETTING_NAMES)('%s', (name) => {
    expect(SETTING_HELP[name].en.length).toBeGreaterThan(5);
    expect(SETTING_HELP[name].zh.length).toBeGreaterThan(2);
    expect(validateSettingValue(name, DEFAULT_SETTINGS[name], DEFAULT_SETTINGS)).toBeUndefined();
  });

  test.each([
    ['allow_chat', 'yes'],
    ['max_file_size', 0],
    ['max_file_size', 1.5],
    ['max_file_size', null],
    ['max_file_size', 2 * 1024 ** 4],
    ['trash_retention_days', 0],
    ['link_ranges', []],
    ['link_ranges', ['group']],
    ['link_ranges', ['anyone', 'anyone', 'company']],
    ['default_link_range', 'nowhere'],
    ['custom_link_url', 'javascript:alert(1)'],
    ['custom_link_url', '//evil.example'],
    ['account_suffix', 'example.com'],
    ['private_password_rule', { length_lowerbound: 20, length_upperbound: 8, type: [] }],
    ['private_password_rule', { length_lowerbound: 8, length_upperbound: 20, type: ['emoji'] }],
  ] as const)('%s refuses %j, saying why in both languages', (name, value) => {
    const reason = validateSettingValue(name, value, DEFAULT_SETTINGS);
    expect(reason).toBeTypeOf('string');
    expect(settingReasonText(reason as string, 'en')).toBe(reason);
    // The Chinese reason is Chinese: no English sentence left (setting names may stay).
    expect(settingReasonText(reason as string, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
  });

  test.each([
    [null, 'must be a size', '须填写大小'],
    [0, 'must be at least 1 B', '不能小于 1 B'],
    [1.5, 'must be a whole number of bytes', '须为整数字节'],
    [1024 ** 4 + 1, 'must be at most 1.00 TB', '不能大于 1.00 TB'],
  ])('a size says its bounds as sizes: %j %s', (value, en, zh) => {
    const reason = validateSettingValue('max_file_size', value, DEFAULT_SETTINGS) as string;
    expect([settingReasonText(reason, 'en'), settingReasonText(reason, 'zh-CN')]).toEqual([en, zh]);
  });

  test('the history limits stay in order: count never above max, max never below count', () => {
    const current = { ...DEFAULT_SETTINGS, history_version_count: 20, history_version_max: 50 };
    expect(validateSettingValue('history_version_max', 5, current)).toMatch(/history_version_count/);
    expect(validateSettingValue('history_version_max', 20, current)).toBeUndefined();
    expect(validateSettingValue('history_version_count', 51, current)).toMatch(/history_version_max/);
  });

  test('the default range must stay allowed', () => {
    const current = { ...DEFAULT_SETTINGS, link_ranges: ['company' as const, 'user' as const] };
    expect(validateSettingValue('default_link_range', 'anyone', current)).toMatch(/allowed/);
    expect(validateSettingValue('default_link_range', 'user', current)).toBeUndefined();
    expect(validateSettingValue('custom_link_url', 'https://wiki.example/page', current)).toBeUndefined();
  });
});
