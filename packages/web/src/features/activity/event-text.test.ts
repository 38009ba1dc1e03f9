import type { FileEventName } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { en } from '../../i18n/en';
import { zhCN } from '../../i18n/zh-CN';
import { eventText } from './event-text';

const lookup = (messages: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);

describe('activity texts (spec 001 §3 event names)', () => {
  const names: FileEventName[] = [
    'file_create',
    'update',
    'rename',
    'delete',
    'comment',
    'recover',
    'shift_in',
    'shift_out',
    'shift_delete',
    'share',
    'permission',
  ];
  test.each(names)('%s has a text in both languages', (event) => {
    const { key } = eventText({ event, fname: 'a.txt', detail: {}, ftype: 'file' });
    expect(typeof lookup(en, key)).toBe('string');
    expect(typeof lookup(zhCN, key)).toBe('string');
  });

  test.each([
    [{ event: 'update', detail: { ver: 3 } }, 'activity.event.update', { ver: 3 }],
    [
      { event: 'update', detail: { ver: 4, recovered_from_ver: 1 } },
      'activity.event.restoreVersion',
      { ver: 1 },
    ],
    [{ event: 'rename', detail: { from: 'old.txt' } }, 'activity.event.rename', { from: 'old.txt' }],
    [{ event: 'recover', detail: { to_root: true } }, 'activity.event.recoverToRoot', {}],
    [{ event: 'file_create', detail: {}, ftype: 'folder' }, 'activity.event.createFolder', {}],
  ] as const)('%j says %s', (input, key, values) => {
    const text = eventText({ fname: 'a.txt', ftype: 'file', ...input } as Parameters<typeof eventText>[0]);
    expect(text.key).toBe(key);
    expect(text.values).toMatchObject(values);
  });
});
