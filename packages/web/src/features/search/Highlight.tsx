import type { MatchRange } from '@cirrus/shared';
import type { ReactNode } from 'react';

/** Ranges of `text` where a term is (case-insensitive), for names the server did not mark. */
export function termRanges(text: string, keyword: string): MatchRange[] {
  const lower = text.toLowerCase();
  const ranges: MatchRange[] = [];
  for (const term of keyword.toLowerCase().split(/\s+/).filter(Boolean)) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length)) {
      ranges.push([at, at + term.length]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** Text with its matches marked (spec 001 issue 9: matched text highlighted). */
export function Highlight({ text, ranges }: { text: string; ranges: readonly MatchRange[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    const s = Math.max(start, at);
    const e = Math.min(end, text.length);
    if (e <= s) continue;
    if (s > at) parts.push(text.slice(at, s));
    parts.push(
      <mark key={s} className="cirrus-hit">
        {text.slice(s, e)}
      </mark>,
    );
    at = e;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
