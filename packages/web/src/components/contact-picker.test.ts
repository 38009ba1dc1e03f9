import { describe, expect, test } from 'vitest';
import { canConfirm, contactKey, footerAvatars, type PickedContact, toggleContact } from './contact-picker';

const person = (id: number): PickedContact => ({ kind: 'user', id, name: `P${id}`, avatar: '' });

describe('toggleContact', () => {
  test('checkbox mode adds and removes, up to the maximum', () => {
    let selection: PickedContact[] = [];
    selection = toggleContact(selection, person(1), { mode: 'checkbox', max: 2 }).selection;
    selection = toggleContact(selection, person(2), { mode: 'checkbox', max: 2 }).selection;
    const over = toggleContact(selection, person(3), { mode: 'checkbox', max: 2 });
    expect(over.error).toBe('maxSelectItems');
    expect(over.selection.map((c) => c.id)).toEqual([1, 2]);
    expect(
      toggleContact(selection, person(1), { mode: 'checkbox', max: 2 }).selection.map((c) => c.id),
    ).toEqual([2]);
  });

  test('radio mode keeps one', () => {
    const one = toggleContact([person(1)], person(2), { mode: 'radio' }).selection;
    expect(one.map((c) => c.id)).toEqual([2]);
    expect(toggleContact(one, person(2), { mode: 'radio' }).selection).toEqual([]);
  });

  test('members already in the group cannot be picked', () => {
    const alreadyIn = new Set([contactKey(person(5))]);
    expect(toggleContact([], person(5), { mode: 'checkbox', alreadyIn }).selection).toEqual([]);
  });
});

describe('footer and OK', () => {
  test('up to 7 avatars, the rest counted', () => {
    const many = Array.from({ length: 10 }, (_, i) => person(i));
    expect(footerAvatars(many)).toMatchObject({ rest: 3 });
    expect(footerAvatars(many).shown).toHaveLength(7);
    expect(footerAvatars(many.slice(0, 3)).rest).toBe(0);
  });

  test.each([
    [0, undefined, false],
    [1, undefined, true],
    [3, 3, true],
    [4, 3, false],
  ])('%i picked with maximum %s: OK %s', (count, max, ok) => {
    expect(canConfirm(count, max)).toBe(ok);
  });
});
