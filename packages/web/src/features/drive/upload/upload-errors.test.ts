import { expect, test } from 'vitest';
import { initI18n } from '../../../i18n';
import { withLimit } from './UploadTaskPanel';

test('a file refused as too large says how large a file may be; other refusals are as they were', () => {
  const t = initI18n('en').getFixedT('en');
  expect(withLimit('Too large.', { result: 'fileTooLarge', debug: { limit: 104857600 } }, t)).toBe(
    'Too large. The largest file allowed is 100.00 MB.',
  );
  expect(withLimit('Too large.', { result: 'fileTooLarge' }, t)).toBe('Too large.');
  expect(withLimit('Full.', { result: 'groupSpaceFull', debug: { limit: 5 } }, t)).toBe('Full.');
});
