import {
  operationBits,
  operationIdsOf,
  SECDOC_PRINCIPAL,
  type SecdocRightView,
  TEAM_TYPE,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { FileAccess, Located } from '../files/access.ts';
import { requirePermission } from '../files/policy.ts';
import { canManageSpace } from '../spaces/policy.ts';
import type { SpaceService } from '../spaces/service.ts';
import * as repo from './repo.ts';
import type { RightsBody } from './schema.ts';

export interface SecdocRights {
  fileid: number;
  secure_guid: string;
  rights: SecdocRightView[];
}

/**
 * The rights of security documents (shared/secdoc.ts): who may open, change, copy or download a
 * document of a secure team. Anyone who may read a document sees its rights; the team's owner and
 * admins set them.
 */
export function createSecdocService({
  db,
  access,
  spaces,
}: {
  db: Db;
  access: FileAccess;
  spaces: Pick<SpaceService, 'memberIds'>;
}) {
  async function requireDoc(actor: Actor, fileId: number): Promise<Located> {
    const located = await access.requireFile(actor, fileId);
    if (located.file.is_folder || !located.file.secure_guid) throw new DomainError('badRequest');
    return located;
  }

  async function present({ ctx, file }: Located): Promise<SecdocRights> {
    const rows = await repo.rightsOf(db, file.id);
    const of = (type: number) => rows.filter((r) => r.principal_type === type).map((r) => r.principal_id);
    const [users, depts] = await Promise.all([
      repo.userNames(db, of(SECDOC_PRINCIPAL.user)),
      repo.deptNames(db, ctx.space.company_id, of(SECDOC_PRINCIPAL.dept)),
    ]);
    const nameOf = (type: number, id: number) =>
      type === SECDOC_PRINCIPAL.user
        ? users.get(id)
        : type === SECDOC_PRINCIPAL.dept
          ? depts.get(id)
          : ctx.space.name;
    return {
      fileid: file.id,
      secure_guid: file.secure_guid,
      rights: rows.map((r) => ({
        principalid: r.principal_id,
        principaltype: r.principal_type as SecdocRightView['principaltype'],
        operationids: operationIdsOf(r.operations),
        name: nameOf(r.principal_type, r.principal_id) ?? '',
      })),
    };
  }

  /**
   * Checks a new list of rights against the document's team: the team principal is the team
   * itself (1 for a multi-person chat, 3 otherwise), users are its members, departments its
   * company's. Each principal once. The team is always kept, with no operations when left out,
   * so that the document stays known as one whose rights name nobody else.
   */
  async function checked({ ctx }: Located, body: RightsBody) {
    const space = ctx.space;
    const teamType = space.team_type === TEAM_TYPE.chat ? SECDOC_PRINCIPAL.chat : SECDOC_PRINCIPAL.team;
    const seen = new Set<string>();
    for (const right of body) {
      const isTeam =
        right.principaltype === SECDOC_PRINCIPAL.team || right.principaltype === SECDOC_PRINCIPAL.chat;
      if (isTeam && (right.principaltype !== teamType || right.principalid !== space.id))
        throw new DomainError('groupNotExist');
      const key = `${right.principaltype}:${right.principalid}`;
      if (seen.has(key)) throw new DomainError('badRequest');
      seen.add(key);
    }
    const userIds = body.filter((r) => r.principaltype === SECDOC_PRINCIPAL.user).map((r) => r.principalid);
    if (userIds.length > 0) {
      const members = new Set(await spaces.memberIds(space.id));
      if (userIds.some((id) => !members.has(id))) throw new DomainError('groupMemberNotFound');
    }
    const deptIds = body.filter((r) => r.principaltype === SECDOC_PRINCIPAL.dept).map((r) => r.principalid);
    if ((await repo.deptNames(db, space.company_id, deptIds)).size !== deptIds.length)
      throw new DomainError('deptNotExist');
    const rows = body.map((r) => ({
      principal_type: r.principaltype,
      principal_id: r.principalid,
      operations: operationBits(r.operationids),
    }));
    if (!seen.has(`${teamType}:${space.id}`))
      rows.push({ principal_type: teamType, principal_id: space.id, operations: 0 });
    return rows;
  }

  return {
    /** GET {secure}/api/v1/doc/{id}/rights: the document's rights with their principals' names. */
    async get(actor: Actor, fileId: number): Promise<SecdocRights> {
      const located = await requireDoc(actor, fileId);
      requirePermission(located.mask, 'read', 'noSecdocAuth');
      return present(located);
    },

    /** PUT {secure}/api/v1/doc/{id}/rights: replaces the document's rights (owner and admins). */
    async put(actor: Actor, fileId: number, body: RightsBody): Promise<SecdocRights> {
      const located = await requireDoc(actor, fileId);
      if (!canManageSpace(located.ctx.role)) throw new DomainError('permissionDenied');
      const rows = await checked(located, body);
      await db.transaction().execute(async (trx) => {
        // Still the live document it was: rights of a purged one would outlive it.
        const now = await trx
          .selectFrom('files')
          .select('id')
          .where('id', '=', fileId)
          .where('status', '=', 'live')
          .executeTakeFirst();
        if (!now) throw new DomainError('fileNotExists');
        await repo.replaceRights(trx, fileId, located.file.group_id, rows);
      });
      return present(located);
    },
  };
}

export type SecdocService = ReturnType<typeof createSecdocService>;
