import { describe, expect, test } from 'vitest';
import { fromDataTransfer } from './collect';

type Tree = { [name: string]: string | Tree };

/** A dropped entry as the entries API hands it over; a folder's reader answers in batches of 2. */
function dropped(name: string, value: string | Tree): FileSystemEntry {
  if (typeof value === 'string') {
    return {
      name,
      isFile: true,
      isDirectory: false,
      file: (done: (file: File) => void) => done(new File([value], name)),
    } as unknown as FileSystemEntry;
  }
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      const rest = Object.entries(value).map(([child, v]) => dropped(child, v));
      return { readEntries: (done: (batch: FileSystemEntry[]) => void) => done(rest.splice(0, 2)) };
    },
  } as unknown as FileSystemEntry;
}

describe('files and folders dropped on the list', () => {
  test('a dropped folder is walked through all its batches, its empty folders kept', async () => {
    const data = {
      items: [
        { kind: 'file', webkitGetAsEntry: () => dropped('loose.txt', 'x'), getAsFile: () => null },
        {
          kind: 'file',
          webkitGetAsEntry: () =>
            dropped('Box', { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', Inner: {}, Deep: { 'd.txt': 'd' } }),
          getAsFile: () => null,
        },
      ],
      files: [],
    } as unknown as DataTransfer;
    const { sources, emptyDirs } = await fromDataTransfer(data);
    expect(sources.map((s) => `${s.relativeDir}/${s.file.name}`)).toEqual([
      '/loose.txt',
      'Box/a.txt',
      'Box/b.txt',
      'Box/c.txt',
      'Box/Deep/d.txt',
    ]);
    expect(emptyDirs).toEqual(['Box/Inner']);
  });
});
