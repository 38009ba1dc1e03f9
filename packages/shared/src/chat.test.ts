import { describe, expect, test } from 'vitest';
import {
  CHAT_FILE_BATCH_SECONDS,
  CHAT_MESSAGE_MAX,
  groupChatId,
  joinsFileBatch,
  parseGroupChatId,
  validateChatMessage,
} from './chat.ts';

describe('validateChatMessage', () => {
  test('something to say, at most CHAT_MESSAGE_MAX characters (a Chinese character or an emoji is one)', () => {
    expect(validateChatMessage('')).toBe('chatMessageEmpty');
    expect(validateChatMessage(' \n\t ')).toBe('chatMessageEmpty');
    expect(validateChatMessage('hi')).toBeNull();
    expect(validateChatMessage('字'.repeat(CHAT_MESSAGE_MAX))).toBeNull();
    expect(validateChatMessage('😀'.repeat(CHAT_MESSAGE_MAX))).toBeNull();
    expect(validateChatMessage('a'.repeat(CHAT_MESSAGE_MAX + 1))).toBe('chatMessageTooLong');
  });
});

describe('chat ids of team pages, {type}_{id}', () => {
  test('a company team shows as 2, a chat (1) and a general team as 3; any team type reads back', () => {
    expect(groupChatId(12)).toBe('3_12');
    expect(groupChatId(12, 1)).toBe('3_12');
    expect(groupChatId(12, 2)).toBe('2_12');
    expect(groupChatId(12, 3)).toBe('3_12');
    expect(parseGroupChatId('3_12')).toBe(12);
    expect(parseGroupChatId('1_7')).toBe(7);
    for (const bad of ['', '12', '3_', '_12', '4_12', '3_0', '3_012', '3_1x', '3_12_1'])
      expect(parseGroupChatId(bad), bad).toBeNull();
  });
});

describe('joinsFileBatch', () => {
  const at = 1_000_000;
  const cases: [string, Parameters<typeof joinsFileBatch>[0], boolean][] = [
    ['nothing said yet', undefined, false],
    ['my file message just now', { senderId: 7, fileAddedAt: at }, true],
    ['my file message at the window edge', { senderId: 7, fileAddedAt: at - CHAT_FILE_BATCH_SECONDS }, true],
    [
      'my file message past the window',
      { senderId: 7, fileAddedAt: at - CHAT_FILE_BATCH_SECONDS - 1 },
      false,
    ],
    ['my typed message', { senderId: 7, fileAddedAt: null }, false],
    ["someone else's file message", { senderId: 8, fileAddedAt: at }, false],
  ];
  test.each(cases)('a file after %s: joins it %s', (_, latest, joins) => {
    expect(joinsFileBatch(latest, 7, at)).toBe(joins);
  });
});
