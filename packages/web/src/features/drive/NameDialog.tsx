import {
  errorText,
  type FileNameError,
  type FileRecord,
  isRenameUnchanged,
  type NewEmptyType,
  splitExt,
  validateFileName,
  withFixedExt,
} from '@cirrus/shared';
import { Form } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { FocusedInput } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';
import { useLanguage } from '../../i18n';

/** What the single-name dialog is for (spec 001 §2: new file/folder and rename share one shape). */
export type NameMode =
  | { kind: 'folder' }
  | { kind: 'file'; ext: NewEmptyType }
  | { kind: 'rename'; file: FileRecord };

export interface NameState {
  /** The validation error of the typed name, checked on every keystroke. */
  error?: FileNameError;
  /** The name to save: trimmed, with the suffix (once: not added again when typed). */
  fullName: string;
  /** Rename only: the trimmed name equals the original (spec 001 §5). */
  unchanged: boolean;
  canSubmit: boolean;
}

/** The input's suffix: a new file's extension, or the extension of the file being renamed. */
export function suffixOf(mode: NameMode): string {
  if (mode.kind === 'file') return mode.ext;
  if (mode.kind === 'rename' && mode.file.ftype !== 'folder') return splitExt(mode.file.fname).ext;
  return '';
}

/** The text the input starts with: the base name of the renamed item, or a default name. */
export function initialInput(mode: NameMode, defaults: { folder: string; file: string }): string {
  if (mode.kind === 'folder') return defaults.folder;
  if (mode.kind === 'file') return defaults.file;
  return suffixOf(mode) ? splitExt(mode.file.fname).base : mode.file.fname;
}

/** spec 001 §5: the shared validator on each keystroke; rename is enabled only when the name changes. */
export function nameState(mode: NameMode, input: string): NameState {
  const ext = suffixOf(mode);
  const isFolder = mode.kind === 'folder' || (mode.kind === 'rename' && mode.file.ftype === 'folder');
  // A name typed with the suffix's extension keeps it once (withFixedExt): 'a.txt', not 'a.txt.txt'.
  const { base, fullName } = withFixedExt(input, ext);
  const error = validateFileName(base, {
    kind: isFolder ? 'folder' : 'file',
    mode: mode.kind === 'rename' ? 'rename' : 'create',
    ext: ext || undefined,
  });
  const unchanged = mode.kind === 'rename' && isRenameUnchanged(mode.file.fname, fullName);
  return { error, fullName, unchanged, canSubmit: !error && !unchanged };
}

interface NameDialogProps {
  open: boolean;
  mode: NameMode;
  /** Saves the name; a rejection shows its message under the input. */
  onSubmit: (fullName: string) => Promise<unknown>;
  onClose: () => void;
}

/** New folder, new file and rename: one name input with the extension as a suffix. */
export function NameDialog({ open, mode, onSubmit, onClose }: NameDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [input, setInput] = useState(() =>
    initialInput(mode, { folder: t('drive.name.defaultFolder'), file: t('drive.name.defaultFile') }),
  );
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const state = nameState(mode, input);
  const suffix = suffixOf(mode);

  const title =
    mode.kind === 'folder'
      ? t('drive.name.newFolderTitle')
      : mode.kind === 'file'
        ? t('drive.name.newFileTitle', { type: t(`drive.newFile.${mode.ext}`) })
        : t('drive.name.renameTitle');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    // spec 001 §5: an unchanged name just closes.
    if (state.unchanged) return onClose();
    if (!state.canSubmit) return;
    setPending(true);
    try {
      await onSubmit(state.fullName);
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, language));
    } finally {
      setPending(false);
    }
  };

  const help = state.error ? errorText(state.error, language) : serverError;

  return (
    <GuardedModal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={mode.kind === 'rename' ? t('drive.name.rename') : t('drive.name.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !state.canSubmit }}
      confirmLoading={pending}
    >
      <form onSubmit={(event) => void submit(event)}>
        <Form.Item
          label={t('drive.name.label')}
          layout="vertical"
          validateStatus={help ? 'error' : undefined}
          help={help}
          htmlFor="cirrus-name-input"
        >
          <FocusedInput
            id="cirrus-name-input"
            value={input}
            autoComplete="off"
            suffix={suffix ? <span className="cirrus-name-suffix">.{suffix}</span> : undefined}
            onChange={(event) => {
              setInput(event.target.value);
              setServerError(undefined);
            }}
          />
        </Form.Item>
      </form>
    </GuardedModal>
  );
}
