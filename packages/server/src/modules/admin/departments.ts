import { type AdminDept, validateDeptName } from '@cirrus/shared';
import type { Db, DbOrTrx, Trx } from '../../db/index.ts';
import type { DepartmentRow } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import type { ContactService } from '../contacts/service.ts';
import type { QuotaService } from '../spaces/quota-service.ts';
import type { Moving, TeamService } from '../teams/service.ts';
import type { AuditLog } from './audit.ts';
import type { ConsoleActor } from './policy.ts';
import * as repo from './repo.ts';
import type { CreateDeptBody, DeptSpaceBody, UpdateDeptBody } from './schema.ts';

/**
 * Departments in the console: the tree, create, rename, move, disable and enable, and the
 * department's group space. Paths ("/1/4/9/") and display paths ("Acme/Engineering") are kept
 * for the whole subtree, so directory lists and company teams (which resolve their department
 * entries on every read) follow at once.
 */
export function createDepartmentService({
  db,
  quota,
  contacts,
  audit,
  teams,
  now,
}: {
  db: Db;
  quota: QuotaService;
  contacts: ContactService;
  audit: AuditLog;
  teams: Pick<TeamService, 'followDepartments'>;
  now: () => number;
}) {
  async function load(actor: ConsoleActor, id: number, dbx: DbOrTrx = db): Promise<DepartmentRow> {
    const dept = await repo.findDept(dbx, id);
    if (!dept || dept.company_id !== actor.companyId) throw new DomainError('deptNotExist');
    return dept;
  }

  function checkName(name: string): string {
    if (validateDeptName(name)) throw new DomainError('illegalDeptName');
    return name.trim();
  }

  async function assertNoSibling(
    dbx: DbOrTrx,
    actor: ConsoleActor,
    parentId: number | null,
    name: string,
    self?: number,
  ) {
    const sibling = await repo.findSibling(dbx, actor.companyId, parentId, name);
    if (sibling && sibling.id !== self) throw new DomainError('deptNameConflict');
  }

  async function tree(actor: ConsoleActor): Promise<AdminDept[]> {
    const [rows, deptTeams] = await Promise.all([
      repo.listDepts(db, actor.companyId),
      repo.deptTeams(db, actor.companyId),
    ]);
    // Counted as the directory counts them (sub-departments included), so the two screens agree.
    const counts = await contacts.deptMemberCounts(rows.map((d) => d.id));
    return Promise.all(
      rows.map(async (d) => {
        const space = await quota.deptSpace(d.id);
        return {
          id: d.id,
          parent_id: d.parent_id,
          name: d.name,
          display_path_name: d.display_path_name,
          status: d.status === 'disabled' ? 'disabled' : 'active',
          member_count: counts.get(d.id) ?? 0,
          space,
          team_ids: deptTeams.filter((t) => t.dept_id === d.id).map((t) => t.id),
        } satisfies AdminDept;
      }),
    );
  }

  async function one(actor: ConsoleActor, id: number): Promise<AdminDept> {
    const found = (await tree(actor)).find((d) => d.id === id);
    if (!found) throw new DomainError('deptNotExist');
    return found;
  }

  /** Creates a department in the caller's transaction (create); answers its id. */
  async function insertIn(trx: Trx, actor: ConsoleActor, body: CreateDeptBody): Promise<number> {
    const name = checkName(body.name);
    let parent: DepartmentRow | null = null;
    if (body.parent_id === null) {
      if ((await repo.listDepts(trx, actor.companyId)).length > 0) throw new DomainError('badRequest');
    } else {
      parent = await load(actor, body.parent_id, trx);
      if (parent.status !== 'active') throw new DomainError('deptNotExist');
    }
    await assertNoSibling(trx, actor, parent?.id ?? null, name);
    const created = await repo.insertDept(trx, { company_id: actor.companyId, parent, name, now: now() });
    await audit.record(
      actor,
      {
        action: 'dept.create',
        targetType: 'dept',
        targetId: created,
        targetName: parent ? `${parent.display_path_name}/${name}` : name,
      },
      trx,
    );
    return created;
  }

  /**
   * Renames and/or moves a department in the caller's transaction (update); `moving` is told the
   * subtree's people before a move (teams.followDepartments).
   */
  async function updateIn(trx: Trx, actor: ConsoleActor, id: number, body: UpdateDeptBody, moving: Moving) {
    const dept = await load(actor, id, trx);
    const name = body.name === undefined ? dept.name : checkName(body.name);
    let parent: DepartmentRow | null =
      dept.parent_id === null ? null : await load(actor, dept.parent_id, trx);
    if (body.parent_id !== undefined && body.parent_id !== dept.parent_id) {
      if (dept.parent_id === null) throw new DomainError('deptMoveIntoSelf');
      parent = await load(actor, body.parent_id, trx);
      if (parent.path.startsWith(dept.path)) throw new DomainError('deptMoveIntoSelf');
      if (parent.status !== 'active') throw new DomainError('deptNotExist');
    }
    const moved = (parent?.id ?? null) !== dept.parent_id;
    if (name === dept.name && !moved) return;
    await assertNoSibling(trx, actor, parent?.id ?? null, name, dept.id);
    if (moved) await moving(await repo.subtreeMemberIds(trx, dept));
    const path = `${parent?.path ?? '/'}${dept.id}/`;
    const display = parent ? `${parent.display_path_name}/${name}` : name;
    await repo.rewriteSubtree(trx, dept, { parentId: parent?.id ?? null, name, path, display });
    await audit.record(
      actor,
      {
        action: moved ? 'dept.move' : 'dept.rename',
        targetType: 'dept',
        targetId: dept.id,
        targetName: display,
        detail: { from: dept.display_path_name, to: display },
      },
      trx,
    );
  }

  return {
    load,

    async list(actor: ConsoleActor): Promise<{ depts: AdminDept[] }> {
      return { depts: await tree(actor) };
    },

    insertIn,
    updateIn,

    /** A new department under an active parent; the first one of a company is its root. */
    async create(actor: ConsoleActor, body: CreateDeptBody): Promise<AdminDept> {
      const id = await db.transaction().execute((trx) => insertIn(trx, actor, body));
      return one(actor, id);
    },

    /** Rename and/or move under another parent (never into itself or below itself). */
    async update(actor: ConsoleActor, id: number, body: UpdateDeptBody): Promise<AdminDept> {
      // A move takes the people of the subtree out of the teams of its old ancestors' entries and
      // into those of its new ones (teams.followDepartments).
      await teams.followDepartments((trx, moving) => updateIn(trx, actor, id, body, moving));
      return one(actor, id);
    },

    /**
     * Disables a department and everything under it: they leave the directory, their people no
     * longer belong to the company teams through them. Enabling needs an active parent.
     */
    async setStatus(actor: ConsoleActor, id: number, status: 'active' | 'disabled'): Promise<AdminDept> {
      // The subtree's people leave (or come back into) the teams its entries bring them into.
      await teams.followDepartments(async (trx, moving) => {
        const dept = await load(actor, id, trx);
        if (dept.parent_id === null && status === 'disabled') throw new DomainError('permissionDenied');
        if (status === 'active' && dept.parent_id !== null) {
          const parent = await load(actor, dept.parent_id, trx);
          if (parent.status !== 'active') throw new DomainError('deptNotExist');
        }
        await moving(await repo.subtreeMemberIds(trx, dept));
        await repo.setSubtreeStatus(trx, dept, status);
        await audit.record(
          actor,
          {
            action: status === 'disabled' ? 'dept.disable' : 'dept.enable',
            targetType: 'dept',
            targetId: dept.id,
            targetName: dept.display_path_name,
          },
          trx,
        );
      });
      return one(actor, id);
    },

    /** The department's group space: its default (null: the deployment's) and its own expansion. */
    async setSpace(actor: ConsoleActor, id: number, body: DeptSpaceBody): Promise<AdminDept> {
      const dept = await load(actor, id);
      await db.transaction().execute(async (trx) => {
        await quota.set('dept', id, { total: body.default, expand_self: body.expand_self }, trx);
        await audit.record(
          actor,
          {
            action: 'dept.space',
            targetType: 'dept',
            targetId: id,
            targetName: dept.display_path_name,
            detail: { default: body.default, expand_self: body.expand_self },
          },
          trx,
        );
      });
      return one(actor, id);
    },
  };
}

export type DepartmentService = ReturnType<typeof createDepartmentService>;
