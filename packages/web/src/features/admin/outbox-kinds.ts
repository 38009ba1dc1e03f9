/**
 * What the server writes in an outbox message's kind (packages/server: verification codes
 * `${purpose}_code`, accounts/password-service, identity, links, approvals, moderation). The
 * console shows each by a readable label (admin.outbox.kind_*), any other as it came.
 */
export const OUTBOX_KINDS = [
  'bind_code',
  'signup_code',
  'reset_code',
  'password_reset',
  'identity_result',
  'share_invite',
  'group_approval',
  'moderation',
] as const;

export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export function isOutboxKind(kind: string): kind is OutboxKind {
  return (OUTBOX_KINDS as readonly string[]).includes(kind);
}

/** The i18n key of a kind's label, or null for a kind this console does not know. */
export function outboxKindKey(kind: string): `admin.outbox.kind_${OutboxKind}` | null {
  return isOutboxKind(kind) ? `admin.outbox.kind_${kind}` : null;
}
