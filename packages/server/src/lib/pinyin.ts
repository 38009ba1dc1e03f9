import { pinyin } from 'pinyin-pro';

/** Full pinyin ("zhangwei") and initials ("zw") of a name, stored beside it for search. */
export function pinyinOf(name: string): { full: string; initials: string } {
  const full = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('');
  const initials = pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'removed' }).join(
    '',
  );
  return { full: full.replace(/\s+/g, '').toLowerCase(), initials: initials.toLowerCase() };
}
