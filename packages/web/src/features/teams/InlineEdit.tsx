import { EditOutlined } from '@ant-design/icons';
import { Button, Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineKeyAction, isChanged } from './inline-edit';

interface InlineEditProps {
  value: string;
  /** Shown in display mode when the value is empty. */
  placeholder?: ReactNode;
  editable: boolean;
  multiline?: boolean;
  /** The shared rule's message for a value, or undefined when it is fine. */
  validate?: (value: string) => string | undefined;
  /** Rejects to stay in edit mode (the caller shows the error). */
  onSave: (value: string) => Promise<unknown>;
  label: string;
  maxLength?: number;
  testId?: string;
}

/**
 * Display, click to edit, commit (spec 000 §4): Enter commits, Esc cancels, a blur commits;
 * nothing is sent unless the value changed. In a notice Shift+Enter starts a new line (unless Ctrl
 * is held too).
 */
export function InlineEdit({
  value,
  placeholder,
  editable,
  multiline = false,
  validate,
  onSave,
  label,
  maxLength,
  testId,
}: InlineEditProps) {
  const { t } = useTranslation('teams');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const area = useRef<TextAreaRef>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);

  const start = () => {
    cancelled.current = false;
    setDraft(value);
    setError(undefined);
    setEditing(true);
  };

  const commit = async () => {
    if (cancelled.current || saving) return;
    if (!isChanged(value, draft, !multiline)) {
      setEditing(false);
      return;
    }
    const problem = validate?.(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      await onSave(multiline ? draft : draft.trim());
      setEditing(false);
    } catch {
      // the caller said why; the field stays open for another try
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    const action = inlineKeyAction(event.nativeEvent, multiline);
    if (action === 'cancel') {
      event.preventDefault();
      event.stopPropagation(); // cancels the edit, not the dialog around it
      cancelled.current = true;
      setEditing(false);
      setError(undefined);
    } else if (action === 'commit') {
      event.preventDefault();
      void commit();
    } else if (multiline && event.key === 'Enter' && action === 'none') {
      event.preventDefault();
    }
  };

  if (!editing) {
    return (
      <span className="cirrus-inline" data-testid={testId}>
        <span className={multiline ? 'cirrus-inline-text is-multiline' : 'cirrus-inline-text'}>
          {value || placeholder || '--'}
        </span>
        {editable && (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            onClick={start}
            aria-label={t('inline.edit', { label })}
          />
        )}
      </span>
    );
  }
  const common = {
    value: draft,
    autoFocus: true,
    disabled: saving,
    status: error ? ('error' as const) : undefined,
    maxLength,
    'aria-label': label,
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value);
      setError(undefined);
    },
    onKeyDown,
    onBlur: () => void commit(),
  };
  return (
    <span className="cirrus-inline is-editing" data-testid={testId}>
      {multiline ? (
        <Input.TextArea ref={area} autoSize={{ minRows: 2, maxRows: 8 }} {...common} />
      ) : (
        <Input {...common} />
      )}
      <Typography.Text type={error ? 'danger' : 'secondary'} className="cirrus-inline-hint">
        {error ?? (multiline ? t('inline.hintMultiline') : t('inline.hint'))}
      </Typography.Text>
    </span>
  );
}
