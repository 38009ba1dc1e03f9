import { describe, expect, test } from 'vitest';
import { transferFailureText } from './transfer-outcome';

const fail = (result: string) => ({ fileid: 1, name: 'a', result });

describe('transferFailureText', () => {
  test('a copy with one failure says that failure, else the generic message', () => {
    expect(transferFailureText('copy', [fail('fileNameConflict')], 'en', 10)).toMatch(/name/i);
    expect(transferFailureText('copy', [fail('fileNameConflict'), fail('fileNotExists')], 'en', 10)).toBe(
      transferFailureText('copy', [], 'en', 10),
    );
  });

  test('a security document that may not leave its team says so, for a copy or a move', () => {
    for (const kind of ['copy', 'move'] as const) {
      expect(
        transferFailureText(kind, [fail('fileNotExists'), fail('security_group_forbidden')], 'en', 10),
      ).toBe('This action is not allowed for files in a secure team.');
      expect(transferFailureText(kind, [fail('security_group_forbidden_tmp')], 'en', 10)).toBe(
        'This action is not allowed for security documents in My uploads.',
      );
    }
  });

  test('an office document too large to become a security document says so, with the limit', () => {
    for (const kind of ['copy', 'move'] as const) {
      expect(
        transferFailureText(kind, [fail('fileNameConflict'), fail('convertFileTooLarge')], 'en', 10),
      ).toBe('Conversion failed: the file is larger than 10 MB.');
    }
    expect(transferFailureText('move', [fail('convertFileTooLarge')], 'zh-CN', 10)).toBe(
      '文件超过 10MB，转换失败',
    );
  });
});
