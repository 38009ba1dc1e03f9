import {
  type AdminMe,
  type AdminSetting,
  DEFAULT_SETTINGS,
  formatSize,
  isSettingName,
  LINK_RANGES,
  type PrivatePasswordRule,
  SETTING_GROUPS,
  SETTING_HELP,
  type SettingName,
  type Settings,
  settingReasonText,
  validateSettingValue,
} from '@cirrus/shared';
import { Button, Checkbox, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { adminApi } from '../../api/admin';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { AdminPage } from './AdminPage';
import { useAdminMutation, useAdminSettings, useApprovers, usePeople } from './queries';
import { SizeInput } from './SizeInput';

const PASSWORD_TYPES = ['digit', 'character', 'upper_lower_case', 'symbol'] as const;

function show(name: SettingName, value: unknown): string {
  // A size in the units it is typed in: "100.00 MB", not 104857600.
  if (SETTING_HELP[name].bytes && typeof value === 'number') return formatSize(value);
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

/** Every setting and flag the specs name: its value, default and help text; changes apply at once. */
export function SettingsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useOutletContext<AdminMe>();
  const settings = useAdminSettings();
  const list = (settings.data?.settings ?? []).filter((s): s is AdminSetting & { name: SettingName } =>
    isSettingName(s.name),
  );
  // The values as they are, which some rules compare against (count not above max, the default range allowed).
  const current = Object.fromEntries([
    ...Object.entries(DEFAULT_SETTINGS),
    ...list.map((s) => [s.name, s.value]),
  ]) as unknown as Settings;

  return (
    <AdminPage title={t('admin.menu.settings')}>
      <Typography.Paragraph type="secondary">{t('admin.settings.intro')}</Typography.Paragraph>
      {SETTING_GROUPS.map((group) => (
        <section key={group} aria-label={t(`admin.settings.group_${group}`)}>
          <Typography.Title level={2} className="admin-section-title" style={{ marginTop: 16 }}>
            {t(`admin.settings.group_${group}`)}
          </Typography.Title>
          {list
            .filter((s) => SETTING_HELP[s.name].group === group)
            .map((s) => {
              const editable = me.access === 'manage' && (s.scope !== 'deployment' || me.operator);
              const help = SETTING_HELP[s.name];
              return (
                <div className="admin-setting" key={s.name} data-setting={s.name}>
                  <div>
                    <Space size={4} wrap>
                      <Typography.Text strong>{lang === 'en' ? help.en : help.zh}</Typography.Text>
                    </Space>
                    <div>
                      <Typography.Text type="secondary" className="admin-setting-name">
                        {s.name}
                      </Typography.Text>{' '}
                      {s.customised && <Tag color="blue">{t('admin.settings.customised')}</Tag>}
                      {s.customised && editable && <ResetSetting name={s.name} />}
                      {s.scope === 'deployment' && <Tag>{t('admin.settings.deployment')}</Tag>}
                    </div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('admin.settings.default', { value: show(s.name, s.default) })}
                    </Typography.Text>
                  </div>
                  <SettingEditor setting={s} disabled={!editable} current={current} />
                  {s.name === 'allow_approve_create_group' && (
                    <ApproversEditor disabled={me.access !== 'manage'} />
                  )}
                </div>
              );
            })}
        </section>
      ))}
    </AdminPage>
  );
}

/**
 * Who approves group creation besides the administrators (issue 5), beside the setting that turns
 * approval on: administrators as fixed tags, the named approvers as a searchable multi-select.
 */
function ApproversEditor({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const approvers = useApprovers();
  const [search, setSearch] = useState('');
  const people = usePeople({
    q: search || undefined,
    offset: 0,
    limit: 20,
    status: 'active',
    scope: 'company',
  });
  const named = (approvers.data?.approvers ?? []).filter((a) => a.source === 'named');
  const admins = (approvers.data?.approvers ?? []).filter((a) => a.source === 'admin');
  const [draft, setDraft] = useState<number[] | null>(null);
  const save = useAdminMutation((ids: number[]) => adminApi.setApprovers(ids), ['approvers']);
  const value = draft ?? named.map((a) => a.id);
  const known = new Map<number, string>([
    ...named.map((a) => [a.id, `${a.nick_name} (${a.unique_name})`] as const),
    ...(people.data?.users ?? []).map((u) => [u.id, `${u.nick_name} (${u.unique_name})`] as const),
  ]);
  const adminIds = new Set(admins.map((a) => a.id));
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(named.map((a) => a.id));
  return (
    <div className="admin-approvers" data-testid="group-approvers">
      <Typography.Text strong>{t('admin.settings.approvers')}</Typography.Text>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('admin.settings.approversHint')}
        </Typography.Text>
      </div>
      <Space size={4} wrap style={{ margin: '6px 0' }}>
        {admins.map((a) => (
          <Tag key={a.id}>
            {a.nick_name} · {t('admin.settings.approversAdmin')}
          </Tag>
        ))}
      </Space>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          mode="multiple"
          aria-label={t('admin.settings.approvers')}
          placeholder={t('admin.settings.approversPick')}
          style={{ width: '100%' }}
          disabled={disabled}
          value={value}
          showSearch={{ filterOption: false, onSearch: setSearch }}
          onChange={(ids: number[]) => setDraft(ids)}
          options={[...known]
            .filter(([id]) => !adminIds.has(id))
            .map(([id, label]) => ({ value: id, label }))}
        />
        <Button
          type="primary"
          disabled={disabled || !changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(value, {
              onSuccess: () => {
                setDraft(null);
                notify.success(t('admin.common.saved'));
              },
            })
          }
        >
          {t('admin.common.save')}
        </Button>
      </Space.Compact>
    </div>
  );
}

/** Forgets the stored value: the default (or the environment's, or the deployment's) applies again. */
function ResetSetting({ name }: { name: SettingName }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const reset = useAdminMutation(() => adminApi.resetSetting(name), ['settings']);
  return (
    <Button
      type="link"
      size="small"
      loading={reset.isPending}
      aria-label={`${t('admin.settings.reset')}: ${name}`}
      onClick={() => reset.mutate(undefined, { onSuccess: () => notify.success(t('admin.common.saved')) })}
    >
      {t('admin.settings.reset')}
    </Button>
  );
}

function SettingEditor({
  setting,
  disabled,
  current,
}: {
  setting: AdminSetting & { name: SettingName };
  disabled: boolean;
  current: Settings;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const [draft, setDraft] = useState<unknown>(setting.value);
  useEffect(() => setDraft(setting.value), [setting.value]);
  const save = useAdminMutation((value: unknown) => adminApi.setSetting(setting.name, value), ['settings']);
  const commit = (value: unknown) =>
    save.mutate(value, { onSuccess: () => notify.success(t('admin.common.saved')) });
  const changed = JSON.stringify(draft) !== JSON.stringify(setting.value);
  // The server's rule (shared settings-help.ts), said before Save rather than after it.
  const problem = changed ? validateSettingValue(setting.name, draft, current) : undefined;
  const saveButton = (
    <>
      <Button
        size="small"
        type="primary"
        disabled={disabled || !changed || problem !== undefined}
        loading={save.isPending}
        onClick={() => commit(draft)}
      >
        {t('admin.common.save')}
      </Button>
      {problem && (
        <Typography.Text type="danger" role="alert" className="admin-setting-problem">
          {settingReasonText(problem, language)}
        </Typography.Text>
      )}
    </>
  );
  const label = setting.name;
  const value = setting.value;

  if (typeof value === 'boolean')
    return (
      <div>
        <Switch
          className="admin-setting-switch"
          aria-label={label}
          checked={value}
          disabled={disabled}
          loading={save.isPending}
          checkedChildren={t('admin.settings.on')}
          unCheckedChildren={t('admin.settings.off')}
          onChange={(on) => commit(on)}
        />
      </div>
    );
  if (SETTING_HELP[setting.name].bytes && typeof value === 'number')
    return disabled ? (
      <Typography.Text>{show(setting.name, value)}</Typography.Text>
    ) : (
      <Space wrap>
        <SizeInput aria-label={label} value={draft as number | null} onChange={setDraft} emptyUnit="MB" />
        {saveButton}
      </Space>
    );
  if (typeof value === 'number')
    return (
      <Space>
        <InputNumber
          aria-label={label}
          value={draft as number}
          precision={0}
          disabled={disabled}
          onChange={(v) => setDraft(v)}
          style={{ width: 200 }}
        />
        {saveButton}
      </Space>
    );
  if (setting.name === 'default_link_range')
    return (
      <Space>
        <Select
          aria-label={label}
          style={{ width: 200 }}
          disabled={disabled}
          value={draft as string}
          onChange={setDraft}
          options={LINK_RANGES.map((r) => ({ value: r, label: t(`admin.settings.range_${r}`) }))}
        />
        {saveButton}
      </Space>
    );
  if (typeof value === 'string')
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={label}
          value={draft as string}
          disabled={disabled}
          onChange={(e) => setDraft(e.target.value)}
        />
        {saveButton}
      </Space.Compact>
    );
  if (setting.name === 'link_ranges')
    return (
      <Space wrap>
        <Checkbox.Group
          aria-label={label}
          disabled={disabled}
          value={draft as string[]}
          onChange={(v) => setDraft(LINK_RANGES.filter((r) => v.includes(r)))}
          options={LINK_RANGES.map((r) => ({ value: r, label: t(`admin.settings.range_${r}`) }))}
        />
        {saveButton}
      </Space>
    );
  if (setting.name === 'private_password_rule') {
    const rule = draft as PrivatePasswordRule;
    return (
      <Space orientation="vertical">
        <Space>
          <span>{t('admin.settings.lower')}</span>
          <InputNumber
            aria-label={`${label} lower`}
            min={6}
            max={64}
            value={rule.length_lowerbound}
            disabled={disabled}
            onChange={(v) => setDraft({ ...rule, length_lowerbound: v ?? 8 })}
          />
          <span>{t('admin.settings.upper')}</span>
          <InputNumber
            aria-label={`${label} upper`}
            min={6}
            max={64}
            value={rule.length_upperbound}
            disabled={disabled}
            onChange={(v) => setDraft({ ...rule, length_upperbound: v ?? 20 })}
          />
        </Space>
        <Space wrap>
          <span>{t('admin.settings.types')}</span>
          <Checkbox.Group
            disabled={disabled}
            value={rule.type}
            onChange={(v) => setDraft({ ...rule, type: PASSWORD_TYPES.filter((p) => v.includes(p)) })}
            options={PASSWORD_TYPES.map((p) => ({ value: p, label: t(`admin.settings.type_${p}`) }))}
          />
        </Space>
        {saveButton}
      </Space>
    );
  }
  return <Typography.Text code>{show(setting.name, value)}</Typography.Text>;
}
