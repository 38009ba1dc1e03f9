import type { FileRecord, FileSearchResult, SearchFileHit, SearchMatch } from '@cirrus/shared';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { FileService } from '../files/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { SpaceService } from '../spaces/service.ts';
import { nameRanges, searchTerms, snippetOf } from './query.ts';
import type { Hit, SearchFilters, SearchRepo, TierQuery } from './repo.ts';

/** What both search calls take, after validation (schema.ts). */
export interface FileSearchInput {
  /** base: one keyword for names and contents; adv: a name, a content text, or both. */
  mode: 'base' | 'adv';
  name?: string;
  body?: string;
  groupIds?: number[];
  exts?: string[];
  from?: number;
  to?: number;
  secretLabel?: number;
  offset: number;
  count: number;
}

interface Tier {
  match: SearchMatch;
  query: TierQuery;
}

/**
 * Candidates looked at per request at most (beyond the page itself): results the actor may not
 * read (per-file permission entries) are skipped; past this the answer stops short and says so
 * through part_offset, and the client asks again (spec 001 §4).
 */
const SCAN_BUDGET = 500;

interface Deps {
  repo: SearchRepo;
  spaces: Pick<SpaceService, 'spaceIds'>;
  /** Records of rows the actor may read (modules/files applies the permission rules). */
  files: Pick<FileService, 'recordsFor'>;
  settings: SettingsService;
  /** Indexes what is queued (modules/search/indexer.ts): a search finds what was written before it. */
  upToDate: () => Promise<void>;
}

/**
 * File search (spec 001 §7 "Search"). Hits come in tiers, each newest first: name matches, then
 * pinyin matches of Chinese names, then content matches (base search); the advanced search
 * narrows by name and/or content. Offsets count positions in that ranked list, so pages never
 * overlap; only files in spaces the actor belongs to are looked at, and each hit passes the same
 * permission rules as the file lists before it is answered.
 */
export function createSearchService({ repo, spaces, files, settings, upToDate }: Deps) {
  async function readableSpaces(actor: Actor, asked?: number[]): Promise<number[]> {
    const ids = await spaces.spaceIds(actor);
    return asked ? ids.filter((id) => asked.includes(id)) : ids;
  }

  function plan(
    input: FileSearchInput,
    filters: SearchFilters,
  ): { tiers: Tier[]; nameTerms: string[]; bodyTerms: string[] } {
    const nameTerms = searchTerms(input.name);
    if (input.mode === 'base') {
      const literal = { terms: nameTerms, pinyin: false };
      const spelled = { terms: nameTerms, pinyin: true };
      return {
        nameTerms,
        bodyTerms: nameTerms,
        tiers: nameTerms.length
          ? [
              { match: 'name', query: { source: 'names', name: literal, filters } },
              { match: 'pinyin', query: { source: 'names', name: spelled, except: literal, filters } },
              { match: 'content', query: { source: 'contents', body: nameTerms, except: spelled, filters } },
            ]
          : [],
      };
    }
    const bodyTerms = searchTerms(input.body);
    const literal = { terms: nameTerms, pinyin: false };
    const spelled = { terms: nameTerms, pinyin: true };
    let tiers: Tier[] = [];
    if (nameTerms.length && bodyTerms.length) {
      tiers = [{ match: 'content', query: { source: 'contents', body: bodyTerms, name: spelled, filters } }];
    } else if (nameTerms.length) {
      tiers = [
        { match: 'name', query: { source: 'names', name: literal, filters } },
        { match: 'pinyin', query: { source: 'names', name: spelled, except: literal, filters } },
      ];
    } else if (bodyTerms.length) {
      tiers = [{ match: 'content', query: { source: 'contents', body: bodyTerms, filters } }];
    }
    return { tiers, nameTerms, bodyTerms };
  }

  /**
   * Walks the tiers from `offset` and collects up to `count` hits the actor may read. A tier's
   * size is only counted when the offset lies beyond it and this request read none of it.
   */
  async function collect(actor: Actor, tiers: Tier[], offset: number, count: number) {
    const found: { record: FileRecord; hit: Hit; match: SearchMatch }[] = [];
    let tierStart = 0;
    let scanned = 0;
    for (const tier of tiers) {
      let local = offset - tierStart;
      const startedAt = local;
      let readAny = false;
      for (;;) {
        // One more than the page needs: it tells whether more follow.
        const want = Math.min(count - found.length + 1, 200);
        const rows = await repo.page(tier.query, local, want);
        readAny ||= rows.length > 0;
        const { records } = await files.recordsFor(actor, rows);
        const readable = new Map(records.map((r) => [r.fileid, r]));
        for (let i = 0; i < rows.length; i++) {
          const record = readable.get(rows[i].id);
          if (!record) continue;
          if (found.length === count) return { found, more: true, next: tierStart + local + i };
          found.push({ record, hit: rows[i], match: tier.match });
        }
        local += rows.length;
        scanned += rows.length;
        if (rows.length < want) break;
        if (scanned >= SCAN_BUDGET + count) return { found, more: true, next: tierStart + local };
      }
      const size = readAny || startedAt === 0 ? local : await repo.count(tier.query);
      tierStart += size;
      offset = Math.max(offset, tierStart);
    }
    return { found, more: false, next: offset };
  }

  return {
    /** GET /xfisearch/v1/me/base/search/files and GET /xfisearch/v1/me/adv/search/files. */
    async searchFiles(actor: Actor, input: FileSearchInput): Promise<FileSearchResult> {
      if (input.mode === 'adv' && !(await settings.get(actor.companyId)).allow_advanced_search) {
        throw new DomainError('forbidden');
      }
      const empty: FileSearchResult = {
        files: [],
        more: false,
        offset: input.offset,
        count: input.count,
        result: { offset: input.offset, part_offset: 0 },
      };
      await upToDate();
      const groupIds = await readableSpaces(actor, input.groupIds);
      const filters: SearchFilters = {
        groupIds,
        exts: input.exts,
        from: input.from,
        to: input.to,
        secretLabel: input.secretLabel,
      };
      const { tiers, nameTerms, bodyTerms } = plan(input, filters);
      // spec 001 §4: an empty keyword finds nothing (and stops paging).
      if (tiers.length === 0 || groupIds.length === 0) return empty;

      const { found, more, next } = await collect(actor, tiers, input.offset, input.count);
      const windows = await repo.windows(
        [...new Set(found.filter((f) => f.hit.sha256 && !f.hit.is_folder).map((f) => f.hit.sha256))],
        bodyTerms,
      );
      const hits: SearchFileHit[] = found.map(({ record, hit, match }) => {
        const window = hit.is_folder ? undefined : windows.get(hit.sha256);
        const snippet = window ? snippetOf(window.text, bodyTerms, window) : null;
        return {
          ...record,
          search: {
            match,
            name_ranges: nameRanges(record.fname, nameTerms),
            snippet: snippet?.text ?? null,
            snippet_ranges: snippet?.ranges ?? [],
          },
        };
      });
      return {
        files: hits,
        more,
        offset: input.offset,
        count: input.count,
        result: { offset: next, part_offset: hits.length },
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
