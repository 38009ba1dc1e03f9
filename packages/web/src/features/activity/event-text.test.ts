import type { FileEventName } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { en } from '../../i18n/en';
import { zhCN } from '../../i18n/zh-CN';
import { eventText } from './event-text';

const lookup = (messages: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);

/** The text as i18next fills it in ({{value}} placeholders). */
const format = (messages: unknown, text: ReturnType<typeof eventText>) =>
  String(lookup(messages, text.key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(text.values[name] ?? `{{${name}}}`),
  );

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
    [{ event: 'file_create', detail: {} }, 'activity.event.create', {}],
    [{ event: 'file_create', detail: { new_empty: true } }, 'activity.event.createNew', {}],
  ] as const)('%j says %s', (input, key, values) => {
    const text = eventText({ fname: 'a.txt', ftype: 'file', ...input } as Parameters<typeof eventText>[0]);
    expect(text.key).toBe(key);
    expect(text.values).toMatchObject(values);
  });

  test.each([
    [{ event: 'file_create', detail: { copied_from: 5, items: 1 } }, 'space', 'copied “photo.png” here'],
    [
      { event: 'file_create', detail: { copied_from: 5, items: 1 }, group_name: 'Projects' },
      'elsewhere',
      'copied “photo.png” into Projects',
    ],
    [{ event: 'file_create', detail: { copied_from: 5 } }, 'elsewhere', 'copied “photo.png”'],
    [{ event: 'file_create', detail: {} }, 'elsewhere', 'uploaded “photo.png”'],
    // a move from another space arrives "here" in the space's activity, into the space elsewhere
    [{ event: 'shift_in', detail: { from_groupid: 2, from_parentid: 0 } }, 'space', 'moved “photo.png” here'],
    [
      { event: 'shift_in', detail: { from_groupid: 2, from_parentid: 0 }, group_name: 'Projects' },
      'elsewhere',
      'moved “photo.png” into Projects',
    ],
    [{ event: 'shift_in', detail: {} }, 'elsewhere', 'moved “photo.png”'],
    // a move within the space: another folder of it, wherever shown
    [
      { event: 'shift_in', detail: { from_groupid: 1, from_parentid: 9 }, group_name: 'My drive' },
      'elsewhere',
      'moved “photo.png” to another folder',
    ],
    [
      { event: 'shift_in', detail: { from_groupid: 1, from_parentid: 0 } },
      'space',
      'moved “photo.png” to another folder',
    ],
    [{ event: 'shift_out', detail: { to_groupid: 2 } }, 'elsewhere', 'moved “photo.png” to another space'],
  ] as const)('%j shown %s says %j', (input, where, expected) => {
    const text = eventText(
      { fname: 'photo.png', ftype: 'file', groupid: 1, ...input } as Parameters<typeof eventText>[0],
      where,
    );
    expect(format(en, text)).toBe(expected);
    // and the Chinese text has every value filled in
    expect(format(zhCN, text)).not.toMatch(/\{\{/);
  });

  test('My activity never says "here"', () => {
    for (const event of ['file_create', 'shift_in'] as const) {
      for (const detail of [{}, { copied_from: 3 }, { from_groupid: 2 }]) {
        const text = eventText(
          { event, fname: 'a', ftype: 'file', detail, groupid: 1, group_name: 'Ops' },
          'elsewhere',
        );
        expect(format(en, text)).not.toMatch(/here/);
      }
    }
  });
});
