import { SEARCH_MAX_CHARS, TYPE_FILTER_GROUPS, type TypeFilter } from '@cirrus/shared';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMySpace, useTeams, useUploadsSpace } from '../drive/queries';
import type { AdvancedFilters } from './paths';

interface FormValues {
  fname?: string;
  body?: string;
  groupids?: number[];
  type?: TypeFilter[];
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const TYPES = Object.keys(TYPE_FILTER_GROUPS) as TypeFilter[];

function valuesOf(filters: AdvancedFilters): FormValues {
  return {
    fname: filters.fname,
    body: filters.body,
    groupids: filters.groupids,
    type: filters.type,
    dates:
      filters.from || filters.to
        ? [filters.from ? dayjs.unix(filters.from) : null, filters.to ? dayjs.unix(filters.to) : null]
        : null,
  };
}

function filtersOf(values: FormValues): AdvancedFilters {
  const [from, to] = values.dates ?? [null, null];
  return {
    fname: values.fname?.trim() || undefined,
    body: values.body?.trim() || undefined,
    groupids: values.groupids?.length ? values.groupids : undefined,
    type: values.type?.length ? values.type : undefined,
    // Whole days: from the first second of the first to the last second of the last.
    from: from ? from.startOf('day').unix() : undefined,
    to: to ? to.endOf('day').unix() : undefined,
  };
}

interface AdvancedSearchFormProps {
  initial: AdvancedFilters;
  onSearch: (filters: AdvancedFilters) => void;
}

/**
 * The advanced search form (spec 001 §2): name, content, position (spaces), type (the spec's type
 * filter groups) and a date range of modification. Shown only when allow_advanced_search is on.
 */
export function AdvancedSearchForm({ initial, onSearch }: AdvancedSearchFormProps) {
  const { t } = useTranslation('search');
  const [form] = Form.useForm<FormValues>();
  const mine = useMySpace();
  const uploads = useUploadsSpace();
  const { teams } = useTeams();
  const spaces = useMemo(
    () => [
      ...(mine.data ? [{ value: mine.data.id, label: t('hit.myDrive') }] : []),
      ...(uploads.data ? [{ value: uploads.data.id, label: t('hit.uploads') }] : []),
      ...teams.map((team) => ({ value: team.id, label: team.name })),
    ],
    [mine.data, uploads.data, teams, t],
  );

  useEffect(() => {
    form.setFieldsValue(valuesOf(initial));
  }, [form, initial]);

  return (
    <Form
      form={form}
      layout="vertical"
      className="cirrus-adv-form"
      aria-label={t('advanced.title')}
      onFinish={(values) => onSearch(filtersOf(values))}
    >
      <div className="cirrus-adv-grid">
        <Form.Item name="fname" label={t('advanced.name')}>
          <Input maxLength={SEARCH_MAX_CHARS} placeholder={t('advanced.namePlaceholder')} allowClear />
        </Form.Item>
        <Form.Item name="body" label={t('advanced.content')}>
          <Input maxLength={SEARCH_MAX_CHARS} placeholder={t('advanced.contentPlaceholder')} allowClear />
        </Form.Item>
        <Form.Item name="groupids" label={t('advanced.position')}>
          <Select
            mode="multiple"
            allowClear
            options={spaces}
            optionFilterProp="label"
            placeholder={t('advanced.positionPlaceholder')}
            maxTagCount="responsive"
          />
        </Form.Item>
        <Form.Item name="type" label={t('advanced.type')}>
          <Select
            mode="multiple"
            allowClear
            options={TYPES.map((type) => ({ value: type, label: t(`advanced.types.${type}`) }))}
            placeholder={t('advanced.typePlaceholder')}
            maxTagCount="responsive"
          />
        </Form.Item>
        <Form.Item name="dates" label={t('advanced.date')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item noStyle shouldUpdate={(prev, next) => prev.fname !== next.fname || prev.body !== next.body}>
        {({ getFieldValue }) => (
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              disabled={!getFieldValue('fname')?.trim() && !getFieldValue('body')?.trim()}
            >
              {t('advanced.search')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('advanced.reset')}</Button>
          </Space>
        )}
      </Form.Item>
    </Form>
  );
}
