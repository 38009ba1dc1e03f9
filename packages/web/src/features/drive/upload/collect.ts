/**
 * Turns what the user picked or dropped into upload sources: files with the folders below the
 * upload target that they go into, so a folder upload keeps its structure.
 */
import type { UploadSource } from './upload-manager';

export interface Collected {
  sources: UploadSource[];
  /** Folders of a dropped tree that contain no file at all; they are created too. */
  emptyDirs: string[];
}

/** The folder part of a relative path: "Trip/Day 1/a.jpg" -> "Trip/Day 1". */
export function dirOf(relativePath: string): string {
  const slash = relativePath.lastIndexOf('/');
  return slash < 0 ? '' : relativePath.slice(0, slash);
}

/** Files from an <input type=file>; with webkitdirectory each carries its path in the folder. */
export function fromFileList(files: FileList | readonly File[]): UploadSource[] {
  return Array.from(files, (file) => ({ file, relativeDir: dirOf(file.webkitRelativePath ?? '') }));
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, dir: string, out: Collected): Promise<void> {
  if (entry.isFile) {
    out.sources.push({ file: await fileOf(entry as FileSystemFileEntry), relativeDir: dir });
    return;
  }
  if (!entry.isDirectory) return;
  const path = dir ? `${dir}/${entry.name}` : entry.name;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    children.push(...batch);
  }
  const before = out.sources.length;
  for (const child of children) await walk(child, path, out);
  if (out.sources.length === before && !out.emptyDirs.some((d) => d.startsWith(`${path}/`))) {
    out.emptyDirs.push(path);
  }
}

/** Files and folders dropped on the list; folders are walked through the entries API. */
export async function fromDataTransfer(data: DataTransfer): Promise<Collected> {
  const out: Collected = { sources: [], emptyDirs: [] };
  // Entries must be taken synchronously, before the drop event's data store closes.
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
  if (entries.length === 0) {
    return { sources: fromFileList(data.files), emptyDirs: [] };
  }
  for (const { entry, file } of entries) {
    if (entry) await walk(entry, '', out);
    else if (file) out.sources.push({ file, relativeDir: '' });
  }
  return out;
}
