import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Input, type InputRef, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { useLanguage } from '../../i18n';

interface EditableFieldProps {
  label: string;
  value: string;
  /** Shown instead of an empty value. */
  placeholder?: ReactNode;
  editable: boolean;
  /** The message for a value that breaks the field's rule, or undefined. */
  validate?: (value: string) => string | undefined;
  /** Saves a changed value; a rejection keeps the field open with the error. */
  onSave: (value: string) => Promise<unknown>;
  maxLength?: number;
  testId?: string;
}

/**
 * A profile field edited in place (spec 000 §4): click the pencil, type, and Enter or leaving the
 * field saves, but only when the value changed; Esc cancels. The shared rule is checked first, and
 * a server error shows under the field, which stays open.
 */
export function EditableField({
  label,
  value,
  placeholder,
  editable,
  validate,
  onSave,
  maxLength,
  testId,
}: EditableFieldProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<InputRef>(null);
  // Enter saves, and the blur that follows must not save a second time.
  const committing = useRef(false);

  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const start = () => {
    setDraft(value);
    setError(null);
    setEditing(true);
  };

  const commit = async () => {
    if (committing.current) return;
    const next = draft.trim();
    if (next === value) {
      setEditing(false);
      setError(null);
      return;
    }
    const invalid = validate?.(next);
    if (invalid) {
      setError(invalid);
      return;
    }
    committing.current = true;
    setSaving(true);
    try {
      await onSave(next);
      setEditing(false);
      setError(null);
    } catch (err) {
      setError(errorMessage(err, language));
    } finally {
      committing.current = false;
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <Flex align="center" gap={4} className="cirrus-profile-value" data-testid={testId}>
        <span>{value || placeholder}</span>
        {editable && (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('profile.edit', { field: label })}
            onClick={start}
            className="cirrus-profile-edit"
          />
        )}
      </Flex>
    );
  }

  return (
    <div data-testid={testId}>
      <Input
        ref={input}
        size="small"
        value={draft}
        aria-label={label}
        maxLength={maxLength}
        disabled={saving}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        onPressEnter={() => void commit()}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation(); // cancels the edit, not the dialog
            setEditing(false);
            setError(null);
          }
        }}
      />
      {error && (
        <Typography.Text type="danger" className="cirrus-profile-error" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
