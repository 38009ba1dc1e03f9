import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { GroupApprovalsTable } from '../../db/schema.ts';

export type ApprovalRow = Selectable<GroupApprovalsTable>;

/**
 * A company's approvers: its administrator (companies.admin_id), members with the company role
 * admin, and those named in group_approvers.
 */
export async function findApproverIds(db: DbOrTrx, companyId: number): Promise<number[]> {
  const [company, admins, named] = await Promise.all([
    db.selectFrom('companies').select('admin_id').where('id', '=', companyId).executeTakeFirst(),
    db
      .selectFrom('company_members')
      .innerJoin('users', 'users.id', 'company_members.user_id')
      .select('users.id')
      .where('company_members.company_id', '=', companyId)
      .where('users.status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb('users.roles', '=', 'admin'),
          eb('users.roles', 'like', 'admin,%'),
          eb('users.roles', 'like', '%,admin'),
          eb('users.roles', 'like', '%,admin,%'),
        ]),
      )
      .execute(),
    db
      .selectFrom('group_approvers')
      .innerJoin('users', 'users.id', 'group_approvers.user_id')
      .select('users.id')
      .where('group_approvers.company_id', '=', companyId)
      .where('users.status', '=', 'active')
      .execute(),
  ]);
  const ids = [
    ...(company?.admin_id ? [company.admin_id] : []),
    ...admins.map((r) => r.id),
    ...named.map((r) => r.id),
  ];
  return [...new Set(ids)];
}

export async function insertApproval(
  db: DbOrTrx,
  row: Insertable<GroupApprovalsTable>,
  approverIds: number[],
): Promise<number> {
  const { id } = await db.insertInto('group_approvals').values(row).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('group_approval_approvers')
    .values(approverIds.map((approverId) => ({ approval_id: id, approver_id: approverId })))
    .execute();
  return id;
}

export function findApproval(db: DbOrTrx, id: number): Promise<ApprovalRow | undefined> {
  return db.selectFrom('group_approvals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function approversOf(db: DbOrTrx, approvalIds: number[]) {
  if (approvalIds.length === 0) return [];
  return db
    .selectFrom('group_approval_approvers')
    .select(['approval_id', 'approver_id'])
    .where('approval_id', 'in', approvalIds)
    .orderBy('approver_id')
    .execute();
}

export function listByApplicant(db: DbOrTrx, applicantId: number, offset: number, limit: number) {
  return db
    .selectFrom('group_approvals')
    .selectAll()
    .where('applicant_id', '=', applicantId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Requests sent to an approver: waiting ones (pending), decided ones, or all. */
export function listForApprover(
  db: DbOrTrx,
  approverId: number,
  state: 'pending' | 'decided' | 'all',
  offset: number,
  limit: number,
) {
  let q = db
    .selectFrom('group_approvals')
    .innerJoin('group_approval_approvers as a', 'a.approval_id', 'group_approvals.id')
    .selectAll('group_approvals')
    .where('a.approver_id', '=', approverId);
  if (state === 'pending') q = q.where('group_approvals.status', '=', 'pending');
  if (state === 'decided') q = q.where('group_approvals.status', 'in', ['approved', 'rejected']);
  return q.orderBy('group_approvals.id', 'desc').offset(offset).limit(limit).execute();
}

/** Moves a pending request to `status`; answers false when it was no longer pending. */
export async function decide(
  db: DbOrTrx,
  id: number,
  patch: { status: ApprovalRow['status']; decided_by: number | null; decided_at: number; reason?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('group_approvals')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setStatus(
  db: DbOrTrx,
  id: number,
  patch: Partial<Pick<ApprovalRow, 'status' | 'group_id' | 'decided_by' | 'decided_at'>>,
) {
  await db.updateTable('group_approvals').set(patch).where('id', '=', id).execute();
}

export function findUser(db: DbOrTrx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
