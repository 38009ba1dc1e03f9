import { expect, test } from 'vitest';
import { detectLanguage } from './index';

test.each([
  [null, 'zh-CN', 'zh-CN'],
  [null, 'zh-TW', 'zh-CN'],
  [null, 'zh', 'zh-CN'],
  [null, 'en-US', 'en'],
  [null, 'de-DE', 'en'],
  [null, undefined, 'en'],
  ['en', 'zh-CN', 'en'],
  ['zh-CN', 'en-GB', 'zh-CN'],
  ['fr', 'zh-CN', 'zh-CN'],
])('stored %s, browser %s -> %s', (stored, browser, expected) => {
  expect(detectLanguage(stored, browser)).toBe(expected);
});
