import { hasPermission } from '@cirrus/shared';
import type { FileRow } from '../../db/schema.ts';
import { createReadCache, type WriteClock } from '../../db/write-clock.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { FileAccess, Located } from '../files/access.ts';
import { maskAt, requirePermission } from '../files/policy.ts';

/** One entry of a zip: a file's content, or an (empty) folder. */
export interface ZipEntry {
  path: string;
  file: FileRow;
}

export interface ZipPlan {
  name: string;
  entries: ZipEntry[];
  /** Items left out because the actor may not download them (or could not see them). */
  skipped: number;
}

/**
 * What a download sends. Single files stream with Range; folders and selections become a zip of
 * what the actor may download (spec 001 §4: folders without the download permission are skipped,
 * with everything below them).
 */
export function createDownloadService({
  access,
  writes,
  opened,
}: {
  access: FileAccess;
  writes: WriteClock;
  /** A user opened a file (recent files, modules/recent). */
  opened?: (userId: number, file: FileRow) => Promise<void>;
}) {
  /**
   * The file a user reads and what they may do with it, by user, space and file, while nothing
   * has been written since (any write at all: the item, its space, a membership, an entry). A
   * player seeking or a viewer reading page after page asks for the same file again and again
   * (issue 11 W2: the file's row and its space's reads were about 25 us of a 64 KiB Range
   * request). Not found is never kept: it is asked again.
   */
  const readable = createReadCache<string, Located>(writes, { max: 1_000 });

  /** Adds an item and (for a folder) what lies below it to `plan`, under `prefix`. */
  async function addTree(plan: ZipPlan, located: Located, prefix: string): Promise<void> {
    const { file, ctx } = located;
    plan.entries.push({ path: prefix, file });
    if (!file.is_folder) return;
    const rows = await access.subtree(file);
    const placed = new Map<number, string>([[file.id, prefix]]);
    for (const row of rows) {
      const parentPath = placed.get(row.parent_id);
      if (parentPath === undefined) continue;
      if (!hasPermission(maskAt(ctx, row), 'download')) {
        plan.skipped++;
        continue;
      }
      const path = `${parentPath}/${row.name}`;
      placed.set(row.id, path);
      plan.entries.push({ path, file: row });
    }
  }

  /**
   * spec 001 §8: a zip without a single file is refused: "empty folder" when there is nothing,
   * a permission refusal when there is something the actor may not download.
   */
  function assertSomething(plan: ZipPlan): ZipPlan {
    if (plan.entries.some((e) => !e.file.is_folder)) return plan;
    if (plan.skipped > 0) throw new DomainError('permissionDenied', {}, { permission: 'download' });
    throw new DomainError('emptyFolder');
  }

  return {
    /**
     * A single file to stream: the download permission is required. `range`: the request's Range
     * header; a read that does not start at the first byte continues an open already recorded (a
     * player seeking, a resumed download), so it writes nothing (issue 11 W2: one write per read).
     */
    async file(actor: Actor, groupId: number, fileId: number, range?: string): Promise<Located> {
      const located = await readable.get(`${actor.userId}:${groupId}:${fileId}`, () =>
        access.requireFile(actor, fileId, { groupId }),
      );
      requirePermission(located.mask, 'download');
      const continued = range !== undefined && !/^\s*bytes=0-/i.test(range);
      if (!located.file.is_folder && !continued) await opened?.(actor.userId, located.file);
      return located;
    },

    /** A folder as a zip (GET /api/v3/groups/{g}/files/{f}/download on a folder). */
    async folder(located: Located): Promise<ZipPlan> {
      requirePermission(located.mask, 'download');
      const plan: ZipPlan = { name: `${located.file.name}.zip`, entries: [], skipped: 0 };
      await addTree(plan, located, located.file.name);
      return assertSomething(plan);
    },

    /** Several items as one zip (GET /api/v3/groups/{g}/files/batch/download?fileids=). */
    async batch(actor: Actor, fileIds: number[]): Promise<ZipPlan> {
      const plan: ZipPlan = { name: 'download.zip', entries: [], skipped: 0 };
      const taken = new Set<string>();
      let found = 0;
      for (const fileId of [...new Set(fileIds)]) {
        let located: Located;
        try {
          located = await access.requireFile(actor, fileId);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          plan.skipped++;
          continue;
        }
        found++;
        if (!hasPermission(located.mask, 'download')) {
          plan.skipped++;
          continue;
        }
        await addTree(plan, located, uniqueName(located.file.name, taken));
      }
      if (found === 0) throw new DomainError('fileNotExists');
      if (fileIds.length === 1 && plan.entries[0]?.file.is_folder)
        plan.name = `${plan.entries[0].file.name}.zip`;
      return assertSomething(plan);
    },
  };
}

/** Items from different folders may share a name; the zip gets "name (2).ext" for the second. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

export type DownloadService = ReturnType<typeof createDownloadService>;
