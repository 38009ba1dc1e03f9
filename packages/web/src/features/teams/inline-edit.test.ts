import { describe, expect, test } from 'vitest';
import { inlineKeyAction, isChanged, leaveRedirect } from './inline-edit';

describe('inlineKeyAction (spec 000 §4)', () => {
  test.each([
    [{ key: 'Enter' }, true, 'commit'],
    [{ key: 'Enter' }, false, 'commit'],
    [{ key: 'Escape' }, true, 'cancel'],
    [{ key: 'Enter', shiftKey: true }, true, 'newline'],
    [{ key: 'Enter', shiftKey: true }, false, 'none'],
    [{ key: 'Enter', shiftKey: true, ctrlKey: true }, true, 'commit'],
    [{ key: 'Enter', ctrlKey: true }, true, 'commit'],
    [{ key: 'Enter', isComposing: true }, true, 'none'],
    [{ key: 'a' }, true, 'none'],
  ] as const)('%o in a multi-line field %s -> %s', (event, multiline, expected) => {
    expect(inlineKeyAction(event, multiline)).toBe(expected);
  });

  test('only a changed value is sent; names compare trimmed', () => {
    expect(isChanged('Design', ' Design ', true)).toBe(false);
    expect(isChanged('Design', 'Design 2', true)).toBe(true);
    expect(isChanged('notice', 'notice ', false)).toBe(true);
  });
});

describe('leaveRedirect (spec 000 §4)', () => {
  test.each([
    ['/pcview/drive/group/12', 12, '/pcview/drive'],
    ['/pcview/drive/group/12/40', 12, '/pcview/drive'],
    ['/pcview/drive/recycle/group/12', 12, '/pcview/drive'],
    ['/pcview/drive/group/120', 12, null],
    ['/pcview/message/group/3_12', 12, '/pcview/message'],
    ['/pcview/contacts/group/12', 12, null],
  ])('%s leaving %i -> %s', (path, gid, expected) => {
    expect(leaveRedirect(path, gid)).toBe(expected);
  });
});
