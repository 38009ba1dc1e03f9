// Group-creation approval and the contact picker (spec 000 §4, §5).

import { APPROVAL_DESC_MAX } from '../constants.ts';
import type { ErrorKeyOf } from '../errors.ts';

/** Approval instruction text (spec 000 §5): required, trimmed length 1 to 140. */
export function validateApprovalDesc(desc: string): ErrorKeyOf<'descRequired' | 'descTooLong'> | undefined {
  const length = [...desc.trim()].length;
  if (length === 0) return 'descRequired';
  return length > APPROVAL_DESC_MAX ? 'descTooLong' : undefined;
}

/** spec 000 §5: at least one approver is required. */
export function validateApprovers(
  approverIds: readonly number[],
): ErrorKeyOf<'approverRequired'> | undefined {
  return approverIds.length === 0 ? 'approverRequired' : undefined;
}

/**
 * Contact picker selection (spec 000 §4, §5): OK is disabled when nothing is selected or the count
 * exceeds the maximum (when one is set); maxSelectItems fills in `{max}`.
 */
export function validateSelection(
  count: number,
  max?: number,
): ErrorKeyOf<'memberRequired' | 'maxSelectItems'> | undefined {
  if (count === 0) return 'memberRequired';
  return max !== undefined && count > max ? 'maxSelectItems' : undefined;
}
