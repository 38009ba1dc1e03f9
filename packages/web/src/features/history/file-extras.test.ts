import { FULL_MASK, maskOf } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { extraActionsFor, isExtraAction } from './file-extras';

const file = (
  over: Partial<{ ftype: 'file' | 'folder'; labels: { id: number }[]; user_acl: number }> = {},
) => ({
  ftype: 'file' as const,
  labels: [],
  user_acl: FULL_MASK,
  ...over,
});

describe('star, history and details in the file menus', () => {
  test.each([
    ['nothing', [], []],
    ['an unstarred file', [file()], ['star', 'history', 'details']],
    ['a starred file', [file({ labels: [{ id: 1 }] })], ['unstar', 'history', 'details']],
    ['a folder (no history)', [file({ ftype: 'folder' })], ['star', 'details']],
    ['a file without the history permission', [file({ user_acl: maskOf('read') })], ['star', 'details']],
    ['several, one unstarred', [file({ labels: [{ id: 1 }] }), file()], ['star']],
    ['several, all starred', [file({ labels: [{ id: 1 }] }), file({ labels: [{ id: 1 }] })], ['unstar']],
  ])('%s offers %j', (_what, files, actions) => {
    expect(extraActionsFor(files)).toEqual(actions);
  });

  test('only its own keys are extra actions', () => {
    expect(isExtraAction('history')).toBe(true);
    expect(isExtraAction('delete')).toBe(false);
  });
});
