import { PICKER_AVATARS, validateSelection } from '@cirrus/shared';

/** Something picked in the contact picker: a person or (where allowed) a whole department. */
export interface PickedContact {
  kind: 'user' | 'dept';
  id: number;
  name: string;
  avatar: string;
}

export type PickMode = 'checkbox' | 'radio';

export const contactKey = (c: Pick<PickedContact, 'kind' | 'id'>) => `${c.kind}:${c.id}`;

export interface ToggleResult {
  selection: PickedContact[];
  /** spec 000 §5: the maximum was reached; the message is maxSelectItems with the number. */
  error?: 'maxSelectItems';
}

/**
 * Picks or unpicks one row (spec 000 §4, §5). Radio mode keeps one; checkbox mode adds up to the
 * maximum. Rows already in the group are not selectable: they stay as they are.
 */
export function toggleContact(
  selection: PickedContact[],
  item: PickedContact,
  opts: { mode: PickMode; max?: number; alreadyIn?: ReadonlySet<string> },
): ToggleResult {
  const key = contactKey(item);
  if (opts.alreadyIn?.has(key)) return { selection };
  const picked = selection.some((c) => contactKey(c) === key);
  if (opts.mode === 'radio') return { selection: picked ? [] : [item] };
  if (picked) return { selection: selection.filter((c) => contactKey(c) !== key) };
  if (opts.max !== undefined && selection.length >= opts.max) return { selection, error: 'maxSelectItems' };
  return { selection: [...selection, item] };
}

/** The footer's avatars: up to 7 (spec 000 §9), and how many more there are. */
export function footerAvatars<T>(selection: T[], limit = PICKER_AVATARS): { shown: T[]; rest: number } {
  return { shown: selection.slice(0, limit), rest: Math.max(0, selection.length - limit) };
}

/** OK is disabled when nothing is picked or the count exceeds the maximum (spec 000 §4). */
export function canConfirm(count: number, max?: number): boolean {
  return validateSelection(count, max) === undefined;
}
