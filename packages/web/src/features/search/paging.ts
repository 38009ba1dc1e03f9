import type { FileSearchResult, SearchFileHit } from '@cirrus/shared';

/**
 * spec 001 §4: "File search re-requests further pages while the server says more and the partial
 * offset is below the page size." The server fills a page itself; it answers a short part only
 * when it had to skip many files the user may not read, and then the client asks on from
 * result.offset until the page is full or nothing more comes.
 */
export function needsMore(result: FileSearchResult, pageSize: number): boolean {
  return result.more && result.result.part_offset < pageSize;
}

/** Requests a search will make for one page at most (a guard against a server that never fills it). */
const MAX_PARTS = 10;

/** One page of file search results, made of as many parts as the rule above asks for. */
export async function fetchFilePage(
  fetchPart: (offset: number, count: number) => Promise<FileSearchResult>,
  offset: number,
  pageSize: number,
): Promise<FileSearchResult> {
  let part = await fetchPart(offset, pageSize);
  const files = [...part.files];
  // The first part by the rule itself; after it, the page counts what all parts brought.
  let going = needsMore(part, pageSize);
  for (let n = 1; going && n < MAX_PARTS; n++) {
    part = await fetchPart(part.result.offset, pageSize - files.length);
    files.push(...part.files);
    going = part.more && files.length < pageSize;
  }
  return {
    ...part,
    files,
    offset,
    count: pageSize,
    result: { offset: part.result.offset, part_offset: files.length },
  };
}

/** The next page's offset: where the server said to go on, while it says more. */
export function nextFileOffset(last: FileSearchResult): number | undefined {
  return last.more ? last.result.offset : undefined;
}

/** Pages joined, each file once (a file can only come once, but a retried page must not double it). */
export function mergeHits(pages: readonly FileSearchResult[]): SearchFileHit[] {
  const seen = new Set<number>();
  const hits: SearchFileHit[] = [];
  for (const page of pages) {
    for (const hit of page.files) {
      if (seen.has(hit.fileid)) continue;
      seen.add(hit.fileid);
      hits.push(hit);
    }
  }
  return hits;
}
