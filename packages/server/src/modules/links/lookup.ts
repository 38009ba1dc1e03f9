import { type FileRecord, type LinkMembersSummary, MEMBER_CHIPS } from '@cirrus/shared';
import type { DbOrTrx } from '../../db/index.ts';
import { presentSummary } from './presenter.ts';
import * as repo from './repo.ts';

/** link_members_summary of links: counts and the first people for the member chips. */
export async function summariesOf(db: DbOrTrx, linkIds: number[]): Promise<Map<number, LinkMembersSummary>> {
  const raw = await repo.memberSummaries(db, linkIds, MEMBER_CHIPS);
  const users = await repo.findUsers(db, [...new Set([...raw.values()].flatMap((s) => s.userIds))]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return new Map(linkIds.map((id) => [id, presentSummary(raw.get(id), byId)]));
}

/**
 * What the drive's file records carry of sharing (spec 001 §3 link{sid}, link_members_summary):
 * built on the database alone, so the files service can use it without depending on the links
 * service (which depends on files).
 */
export function createLinkLookup(db: DbOrTrx) {
  return async (
    fileIds: number[],
  ): Promise<Map<number, Pick<FileRecord, 'link' | 'link_members_summary'>>> => {
    const rows = await repo.findOpenByFiles(db, fileIds);
    if (rows.length === 0) return new Map();
    const sums = await summariesOf(
      db,
      rows.map((r) => r.id),
    );
    return new Map(
      rows.map((r) => [r.file_id, { link: { sid: r.sid }, link_members_summary: sums.get(r.id) ?? null }]),
    );
  };
}
