import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HIGHLIGHT_PARAM } from './paths';

/** Pages a folder loads at most while looking for the file to highlight (50 rows each). */
const MAX_PAGES_SEARCHED = 40;

interface LoadedList {
  files: readonly { id: number }[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  data?: { pages: readonly unknown[] };
}

/**
 * The file a search result opened its folder for (?highlight={fileid}, spec 001 §2 "the file's
 * folder with the file highlighted"): once the folder's list holds it (loading further pages while
 * it does not), `onFound` selects it and the id comes back, for the list to scroll it into view.
 * Each id is handled once, so the user's own clicks are not undone later.
 */
export function useHighlightedFile(list: LoadedList, onFound: (id: number) => void): number | undefined {
  const [params] = useSearchParams();
  const raw = Number(params.get(HIGHLIGHT_PARAM));
  const wanted = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const handled = useRef<number>(undefined);
  const [target, setTarget] = useState<number>();
  const found = useRef(onFound);
  found.current = onFound;

  const { files, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const pages = list.data?.pages.length ?? 0;
  useEffect(() => {
    if (wanted === undefined || handled.current === wanted || pages === 0) return;
    if (files.some((file) => file.id === wanted)) {
      handled.current = wanted;
      found.current(wanted);
      setTarget(wanted);
    } else if (hasNextPage && pages < MAX_PAGES_SEARCHED) {
      if (!isFetchingNextPage) void fetchNextPage();
    } else {
      // Gone from this folder since the search, or too far down: nothing to mark.
      handled.current = wanted;
    }
  }, [wanted, files, pages, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return target;
}
