import {
  type AutoConvertState,
  type GroupRecord,
  TEAM_TYPE,
  type TeamRole,
  userRoleFromTeamRole,
} from '@cirrus/shared';
import type { GroupRow } from '../../db/schema.ts';
import type { SpaceUsage } from './quota-service.ts';

export interface GroupView {
  group: GroupRow;
  role: TeamRole;
  isTop: boolean;
  memberCount: number;
  space: SpaceUsage;
}

/** The source type of a space's files (spec 001 §3 file_src_type). */
export function srcTypeOf(group: GroupRow): 'private' | 'tmp' | 'group' {
  if (group.type === 'special') return 'private';
  if (group.type === 'tmp') return 'tmp';
  return 'group';
}

export function presentGroup({ group, role, isTop, memberCount, space }: GroupView): GroupRecord {
  const type: GroupRecord['type'] = group.type === 'team' ? (group.team_type as 1 | 2 | 3) : group.type;
  return {
    id: group.id,
    groupid: group.id,
    contacts_id: group.id,
    name: group.name,
    avatar: group.avatar,
    notice: group.notice,
    type,
    contacts_type: group.team_type,
    volume_type: srcTypeOf(group),
    data_type: type === TEAM_TYPE.chat ? 'message' : 'drive',
    member_count: memberCount,
    is_top_group: isTop,
    created_at: group.created_at,
    user_role: userRoleFromTeamRole(role),
    space: { total: space.total, used: space.used },
    auto_convert_state: group.auto_convert_state as AutoConvertState,
    auto_convert_group: group.auto_convert_state > 0,
  };
}
