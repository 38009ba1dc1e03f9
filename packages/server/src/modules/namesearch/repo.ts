import { type ExpressionBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import { containsPattern } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';

/**
 * spec 000 §5 member search on the users table: case-insensitive substring of the name, the full
 * pinyin or its initials (stored lower-case beside the name, spaces ignored), the phone, or the
 * email's local part (the text before the @: `%q%@%` requires the match to end before it).
 */
function matchesPerson(eb: ExpressionBuilder<Database, 'users'>, q: string) {
  const lower = q.toLowerCase();
  const like = containsPattern(lower);
  const pinyin = containsPattern(lower.replace(/\s+/g, ''));
  const local = `${containsPattern(lower)}@%`;
  return eb.or([
    sql<boolean>`lower(${sql.ref('users.nick_name')}) like ${like} escape '\\'`,
    sql<boolean>`${sql.ref('users.pinyin')} like ${pinyin} escape '\\'`,
    sql<boolean>`${sql.ref('users.pinyin_initials')} like ${pinyin} escape '\\'`,
    sql<boolean>`${sql.ref('users.phone')} like ${like} escape '\\'`,
    sql<boolean>`lower(${sql.ref('users.email')}) like ${local} escape '\\'`,
  ]);
}

const PERSON = [
  'users.id',
  'users.nick_name',
  'users.unique_name',
  'users.avatar',
  'users.email',
  'users.phone',
  'users.pinyin',
  'users.pinyin_initials',
] as const;

/** People matching `q` among a company's members, or among `userIds` when given; by pinyin. */
export function findPeople(
  db: DbOrTrx,
  q: string,
  scope: { companyId?: number; userIds?: number[]; deptIds?: number[] },
  offset: number,
  limit: number,
) {
  let query = db
    .selectFrom('users')
    .select(PERSON)
    .where('users.status', '=', 'active')
    .where((eb) => matchesPerson(eb, q));
  if (scope.companyId !== undefined) {
    const companyId = scope.companyId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_members')
          .select('company_members.user_id')
          .whereRef('company_members.user_id', '=', 'users.id')
          .where('company_members.company_id', '=', companyId),
      ),
    );
  }
  if (scope.userIds !== undefined) {
    if (scope.userIds.length === 0) return Promise.resolve([]);
    query = query.where('users.id', 'in', scope.userIds);
  }
  if (scope.deptIds !== undefined) {
    const deptIds = scope.deptIds;
    if (deptIds.length === 0) return Promise.resolve([]);
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('dept_members')
          .select('dept_members.user_id')
          .whereRef('dept_members.user_id', '=', 'users.id')
          .where('dept_members.dept_id', 'in', deptIds),
      ),
    );
  }
  return query.orderBy('users.pinyin').orderBy('users.id').offset(offset).limit(limit).execute();
}
