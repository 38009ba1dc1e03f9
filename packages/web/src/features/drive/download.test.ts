import { expect, test } from 'vitest';
import { isBatchDownload } from './download';

const file = { ftype: 'file' as const };
const folder = { ftype: 'folder' as const };

// spec 001 §5, §8: a folder or several items are a batch (a zip in a browser; in the desktop
// client only when it lists batchdownload); one file is not.
test.each([
  ['one file', [file], false],
  ['one folder', [folder], true],
  ['two files', [file, file], true],
  ['a file and a folder', [file, folder], true],
  ['nothing', [], false],
])('%s: batch %s', (_what, files, batch) => {
  expect(isBatchDownload(files)).toBe(batch);
});
