import { randomUUID } from 'node:crypto';
import {
  AUTO_CONVERT_STATE,
  isSecdocConvertible,
  secdocConvertibleSize,
  securityDocsConvert,
  splitExt,
  type TeamRole,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { SettingsService } from '../settings/service.ts';
import { canManageSpace } from '../spaces/policy.ts';
import { findDirectMembers } from '../teams/repo.ts';
import { defaultRightRows } from './policy.ts';
import * as repo from './repo.ts';

/** The job that converts a team's documents once auto-convert is turned on. */
export const CONVERT_TEAM_JOB = 'secdoc.convertTeam';

/** Files read and converted in one transaction. */
const BATCH_SIZE = 200;

/**
 * The job secdoc.convertTeam (spec 000 §3, auto_convert_state 2 "converting"): once a team's
 * auto-convert is turned on, the office documents already in it become security documents too,
 * as new ones do: each gets a guid and the rights it would have got on upload (its team's, and
 * its creator's unless they manage the team). Those above the 10 MB a security document takes stay
 * as they are, as does everything in the recycle bin. In batches, each in a transaction of its
 * own; the team's state goes back from 2 to 1 once all are done. Turned off meanwhile, it stops
 * at the next batch, and what it converted stays converted. Run again, it finds nothing to do.
 */
export function createTeamConversion({
  db,
  settings,
  batch = BATCH_SIZE,
}: {
  db: Db;
  settings: Pick<SettingsService, 'get'>;
  batch?: number;
}) {
  return async function convertTeam(groupId: number): Promise<number> {
    let converted = 0;
    for (let after = 0; ; ) {
      const space = await repo.teamToConvert(db, groupId);
      if (!space || space.auto_convert_state === AUTO_CONVERT_STATE.off) return converted;
      // The deployment no longer converts: the team stops saying "converting".
      const config = await settings.get(space.company_id);
      if (!securityDocsConvert(config)) {
        await repo.settleConversion(db, groupId);
        return converted;
      }
      const rows = await repo.plainFilesAfter(db, groupId, after, batch);
      if (rows.length === 0) {
        await repo.settleConversion(db, groupId);
        return converted;
      }
      after = rows[rows.length - 1].id;
      const documents = rows.filter(
        (row) =>
          isSecdocConvertible(splitExt(row.name).ext) &&
          secdocConvertibleSize(Number(row.size), config.secdoc_convert_max_mb),
      );
      if (documents.length === 0) continue;
      const managers = new Set(
        (await findDirectMembers(db, groupId))
          .filter((m) => canManageSpace(m.team_role as TeamRole))
          .map((m) => m.user_id),
      );
      await db.transaction().execute(async (trx) => {
        for (const doc of documents) {
          // Converted meanwhile (a copy, say) or gone: left as it is.
          if (!(await repo.markSecure(trx, doc.id, randomUUID()))) continue;
          const creator = { userId: doc.creator_id, manages: managers.has(doc.creator_id) };
          await repo.replaceRights(trx, doc.id, groupId, defaultRightRows(space, creator));
          converted++;
        }
      });
    }
  };
}
