// Secret labels (classification levels) of files and folders, when allow_secret_label is on
// (spec 001 §6, §7: the list and search calls filter by `secret_label`). The levels are not shown
// in the spec; these are ours. 0 means the item carries no label.

export const SECRET_LABELS = {
  none: 0,
  public: 1,
  internal: 2,
  secret: 3,
  top_secret: 4,
} as const;

export type SecretLabelName = keyof typeof SECRET_LABELS;
export type SecretLabel = (typeof SECRET_LABELS)[SecretLabelName];

export const SECRET_LABEL_TEXTS: Record<SecretLabel, { zh: string; en: string }> = {
  0: { zh: '无密级', en: 'Unclassified' },
  1: { zh: '公开', en: 'Public' },
  2: { zh: '内部', en: 'Internal' },
  3: { zh: '秘密', en: 'Secret' },
  4: { zh: '绝密', en: 'Top secret' },
};

export function isSecretLabel(value: unknown): value is SecretLabel {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SECRET_LABELS.top_secret
  );
}
