import { describe, expect, test } from 'vitest';
import { withLineEndingsOf } from './line-endings';

describe('withLineEndingsOf', () => {
  test('a file written with \\r\\n keeps them; one with \\n stays as typed', () => {
    expect(withLineEndingsOf('a\r\nb\r\n', 'a\nb\nc\n')).toBe('a\r\nb\r\nc\r\n');
    expect(withLineEndingsOf('a\r\nb', 'a\r\nb\nc')).toBe('a\r\nb\r\nc');
    expect(withLineEndingsOf('a\nb\n', 'a\nb\nc\n')).toBe('a\nb\nc\n');
    expect(withLineEndingsOf('', 'new\n')).toBe('new\n');
  });
});
