import { bytesToSizeInput, SIZE_INPUT_UNITS, type SizeInputUnit, sizeToBytes } from '@cirrus/shared';
import { InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Shown {
  amount: number | null;
  unit: SizeInputUnit;
}

/** Bytes as the field shows them; empty and 0 keep the unit they had (0 GB, not 0 MB). */
function shownOf(bytes: number | null | undefined, unit: SizeInputUnit): Shown {
  if (bytes === null || bytes === undefined) return { amount: null, unit };
  return bytes === 0 ? { amount: 0, unit } : bytesToSizeInput(bytes);
}

/**
 * A size typed as a number and a unit (MB, GB, TB: binary, as sizes are shown everywhere), handed
 * on in bytes as the API takes it; null when empty. An antd form control (value, onChange, id).
 */
export function SizeInput({
  value,
  onChange,
  id,
  disabled,
  emptyUnit = 'GB',
  'aria-label': label,
}: {
  value?: number | null;
  onChange?: (bytes: number | null) => void;
  id?: string;
  disabled?: boolean;
  /** The unit an empty field starts with. */
  emptyUnit?: SizeInputUnit;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(() => shownOf(value, emptyUnit));
  // A value from outside (loaded, reset to the default) shows in its own unit; one typed here keeps
  // the unit picked (2048 MB stays 2048 MB while it is typed).
  useEffect(() => {
    setShown((s) => (sizeToBytes(s.amount, s.unit) === (value ?? null) ? s : shownOf(value, s.unit)));
  }, [value]);
  const change = (next: Shown) => {
    setShown(next);
    onChange?.(sizeToBytes(next.amount, next.unit));
  };
  return (
    <Space.Compact>
      <InputNumber
        id={id}
        aria-label={label}
        min={0}
        value={shown.amount}
        disabled={disabled}
        onChange={(amount) => change({ ...shown, amount })}
        style={{ width: 140 }}
      />
      <Select
        aria-label={label ? `${label} ${t('admin.common.unit')}` : t('admin.common.unit')}
        value={shown.unit}
        disabled={disabled}
        onChange={(unit) => change({ ...shown, unit })}
        options={SIZE_INPUT_UNITS.map((u) => ({ value: u, label: u }))}
        style={{ width: 80 }}
      />
    </Space.Compact>
  );
}
