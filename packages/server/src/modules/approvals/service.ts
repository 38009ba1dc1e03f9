import {
  type Approver,
  type GroupApproval,
  type GroupApprovalPage,
  TEAM_TYPE,
  type TeamType,
  validateApprovalDesc,
  validateApprovers,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { ContactService } from '../contacts/service.ts';
import type { NoticeService } from '../notices/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { TeamService } from '../teams/service.ts';
import type { ApprovalPolicy } from './policy.ts';
import * as repo from './repo.ts';
import type { ApprovalBody } from './schema.ts';

interface Deps {
  db: Db;
  teams: TeamService;
  contacts: ContactService;
  notices: NoticeService;
  outbox: OutboxService;
  policy: ApprovalPolicy;
  now: () => number;
}

const parseIds = (json: string): number[] =>
  (JSON.parse(json) as unknown[]).map(Number).filter(Number.isInteger);

/**
 * Group-creation approval (spec 000 §4, §5, §7): when allow_approve_create_group is on, a company
 * member who is not an approver asks the approvers they choose; one of them approves (the team is
 * created with the requested members and settings, owned by the applicant) or rejects; the
 * applicant may withdraw a waiting request. Approvers hear of a request and applicants of the
 * decision by notice and by mail (through the outbox).
 */
export function createApprovalService({ db, policy, teams, contacts, notices, outbox, now }: Deps) {
  const { approverIds, isRequired } = policy;

  async function present(rows: repo.ApprovalRow[]): Promise<GroupApproval[]> {
    const approvers = await repo.approversOf(
      db,
      rows.map((r) => r.id),
    );
    const memberIds = rows.flatMap((r) => parseIds(r.member_ids));
    const persons = await contacts.persons([
      ...rows.map((r) => r.applicant_id),
      ...approvers.map((a) => a.approver_id),
      ...memberIds,
      ...rows.flatMap((r) => (r.decided_by ? [r.decided_by] : [])),
    ]);
    const brief = (id: number) => {
      const p = persons.get(id);
      return { id, nick_name: p?.nick_name ?? '', avatar: p?.avatar ?? '' };
    };
    const result: GroupApproval[] = [];
    for (const r of rows) {
      const deptIds = parseIds(r.dept_ids);
      const depts = await contacts.depts(r.company_id, deptIds);
      const own = approvers.filter((a) => a.approval_id === r.id).map((a) => a.approver_id);
      result.push({
        approval_id: r.id,
        id: r.id,
        applicant: brief(r.applicant_id),
        type: r.type === 1 ? 1 : 3,
        name: r.name,
        avatar: r.avatar,
        notice: r.notice,
        desc: r.description,
        designated_approver_ids: own,
        approvers: own.map((id) => ({ id, nick_name: brief(id).nick_name })),
        auto_convert_group: r.auto_convert_group === 1,
        member_ids: parseIds(r.member_ids),
        dept_ids: deptIds,
        members: parseIds(r.member_ids).map(brief),
        depts: depts.map((d) => ({ id: d.id, name: d.name })),
        status: r.status,
        reason: r.reason,
        decided_by: r.decided_by ? { id: r.decided_by, nick_name: brief(r.decided_by).nick_name } : null,
        decided_at: r.decided_at,
        group_id: r.group_id,
        created_at: r.created_at,
      });
    }
    return result;
  }

  async function one(id: number): Promise<GroupApproval> {
    const row = await repo.findApproval(db, id);
    if (!row) throw new DomainError('notFound');
    const [approval] = await present([row]);
    return approval;
  }

  /** Mail to those with an address; the notice is the in-app twin. */
  async function mail(userIds: number[], subject: string, body: string) {
    const persons = await contacts.persons(userIds);
    for (const p of persons.values()) {
      if (p.email) await outbox.send({ channel: 'mail', to: p.email, subject, body, kind: 'group_approval' });
    }
  }

  /** A request the actor may decide: sent to them and still waiting. */
  async function decidable(actor: Actor, id: number): Promise<repo.ApprovalRow> {
    const row = await repo.findApproval(db, id);
    const approvers = row ? await repo.approversOf(db, [row.id]) : [];
    if (!row || !approvers.some((a) => a.approver_id === actor.userId)) throw new DomainError('notFound');
    if (row.status !== 'pending') throw new DomainError('approvalNotPending');
    return row;
  }

  return {
    /**
     * GET /cts/v1/companies/self/users/self/group_approvers; `required` tells the picker to ask first,
     * `is_approver` that the actor decides requests.
     */
    async approvers(
      actor: Actor,
    ): Promise<{ approvers: Approver[]; required: boolean; is_approver: boolean }> {
      const all = await approverIds(actor);
      const ids = all.filter((id) => id !== actor.userId);
      const found = await contacts.searchMembers(await contacts.personRows(ids));
      return {
        approvers: found.map((m) => ({
          id: m.id,
          unique_name: m.unique_name,
          nick_name: m.nick_name,
          avatar: m.avatar,
          dept_names: m.departmentNames,
        })),
        required: await isRequired(actor),
        // The approve page shows the requests waiting for an approver.
        is_approver: all.includes(actor.userId),
      };
    },

    /** POST /v1/companies/self/group_approval. */
    async submit(actor: Actor, body: ApprovalBody): Promise<GroupApproval> {
      contacts.requireCompany(actor);
      const descError = validateApprovalDesc(body.desc);
      if (descError) throw new DomainError(descError);
      const chosen = [...new Set(body.designated_approver_ids)];
      const approverError = validateApprovers(chosen);
      if (approverError) throw new DomainError(approverError);
      const allowed = new Set((await approverIds(actor)).filter((id) => id !== actor.userId));
      if (chosen.some((id) => !allowed.has(id))) throw new DomainError('badRequest');
      const type: TeamType = body.type === 1 ? TEAM_TYPE.chat : TEAM_TYPE.general;
      const checked = await teams.checkRequest(actor, {
        name: body.name,
        notice: body.notice,
        avatar: body.avatar,
        type,
        memberIds: body.member_ids,
        deptIds: body.dept_ids,
      });
      const id = await db.transaction().execute(async (trx) => {
        const approvalId = await repo.insertApproval(
          trx,
          {
            company_id: actor.companyId,
            applicant_id: actor.userId,
            type,
            name: checked.name,
            avatar: checked.avatar,
            notice: checked.notice,
            description: body.desc.trim(),
            auto_convert_group: body.auto_convert_group ? 1 : 0,
            member_ids: JSON.stringify([...new Set(body.member_ids)].filter((m) => m !== actor.userId)),
            dept_ids: JSON.stringify([...new Set(body.dept_ids)]),
            status: 'pending',
            created_at: now(),
          },
          chosen,
        );
        await notices.send(
          chosen,
          'approval_pending',
          { approval_id: approvalId, group_name: checked.name, actor_name: actor.user.nick_name },
          trx,
        );
        return approvalId;
      });
      await mail(
        chosen,
        `Group creation request: ${checked.name}`,
        `${actor.user.nick_name} asks to create "${checked.name}": ${body.desc.trim()}\n\nOpen /pcview/drive/approve to approve or reject it.`,
      );
      return one(id);
    },

    /** GET /u/v1/companies/self/users/self/group_approval: the actor's own requests. */
    async mine(actor: Actor, offset: number, limit: number): Promise<GroupApprovalPage> {
      const rows = await repo.listByApplicant(db, actor.userId, offset, limit + 1);
      return { approvals: await present(rows.slice(0, limit)), offset, limit, more: rows.length > limit };
    },

    /** GET /v1/companies/self/group_approval (ours): requests sent to the actor. */
    async waiting(actor: Actor, state: 'pending' | 'decided' | 'all', offset: number, limit: number) {
      const rows = await repo.listForApprover(db, actor.userId, state, offset, limit + 1);
      return { approvals: await present(rows.slice(0, limit)), offset, limit, more: rows.length > limit };
    },

    /** DELETE /v1/companies/self/group_approval/{id}: the applicant withdraws a waiting request. */
    async cancel(actor: Actor, id: number): Promise<void> {
      const row = await repo.findApproval(db, id);
      if (!row || row.applicant_id !== actor.userId) throw new DomainError('notFound');
      const done = await repo.decide(db, id, {
        status: 'cancelled',
        decided_by: actor.userId,
        decided_at: now(),
      });
      if (!done) throw new DomainError('approvalNotPending');
    },

    /**
     * POST /v1/companies/self/group_approval/{id}/approve (ours): creates the requested team for the
     * applicant; the request is claimed first, so two approvers cannot both create it.
     */
    async approve(actor: Actor, id: number): Promise<GroupApproval> {
      const row = await decidable(actor, id);
      const applicantRow = await repo.findUser(db, row.applicant_id);
      if (!applicantRow) throw new DomainError('userNotExist');
      const applicant: Actor = {
        userId: applicantRow.id,
        companyId: row.company_id,
        isCompanyAdmin: false,
        roles: applicantRow.roles ? applicantRow.roles.split(',') : [],
        user: applicantRow,
        sessionId: '',
        csrfToken: '',
      };
      // Read and checked first (an applicant at their team limit is answered before any claim).
      const team = await teams.prepareApproved(applicant, {
        type: row.type === 1 ? TEAM_TYPE.chat : TEAM_TYPE.general,
        name: row.name,
        avatar: row.avatar || undefined,
        notice: row.notice,
        memberIds: parseIds(row.member_ids),
        deptIds: parseIds(row.dept_ids),
        autoConvert: row.auto_convert_group === 1,
      });
      // The claim, the team and its group_id commit together: a team that cannot be made (the
      // applicant's team limit, a member limit) rolls the claim back and the request still waits.
      const space = await db.transaction().execute(async (trx) => {
        const decided = { status: 'approved' as const, decided_by: actor.userId, decided_at: now() };
        if (!(await repo.decide(trx, id, decided))) throw new DomainError('approvalNotPending');
        const created = await team.create(trx);
        await repo.setStatus(trx, id, { group_id: created.id });
        await notices.send(
          [row.applicant_id],
          'approval_approved',
          { approval_id: id, group_id: created.id, group_name: row.name, actor_name: actor.user.nick_name },
          trx,
        );
        return created;
      });
      await team.created(space);
      await mail(
        [row.applicant_id],
        `Approved: ${row.name}`,
        `${actor.user.nick_name} approved "${row.name}". The team is ready.`,
      );
      return one(id);
    },

    /** POST /v1/companies/self/group_approval/{id}/reject (ours). */
    async reject(actor: Actor, id: number, reason: string): Promise<GroupApproval> {
      const row = await decidable(actor, id);
      const done = await repo.decide(db, id, {
        status: 'rejected',
        decided_by: actor.userId,
        decided_at: now(),
        reason: reason.trim(),
      });
      if (!done) throw new DomainError('approvalNotPending');
      await notices.send([row.applicant_id], 'approval_rejected', {
        approval_id: id,
        group_name: row.name,
        actor_name: actor.user.nick_name,
        reason: reason.trim(),
      });
      await mail(
        [row.applicant_id],
        `Not approved: ${row.name}`,
        `${actor.user.nick_name} did not approve "${row.name}".${reason.trim() ? ` Reason: ${reason.trim()}` : ''}`,
      );
      return one(id);
    },
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
