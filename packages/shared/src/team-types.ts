// Shapes of the team, member, directory, approval and notice responses (spec 000 §3), which the
// server presents and the web app reads.

import type { GroupRecord } from './api-types.ts';
import type { TeamRole, TeamType } from './roles.ts';

/** A person as lists of members, pickers and search show them. */
export interface PersonBrief {
  id: number;
  nick_name: string;
  unique_name: string;
  avatar: string;
  email: string;
  phone: string;
  pinyin: string;
}

/** A department as member lists and pickers show it (spec 000 §3 "Team member" dept). */
export interface DeptBrief {
  id: number;
  name: string;
  /** spec 000 §3 names the department type; ours are all 2 (department). */
  type: 2;
  display_name: string;
  display_path_name: string;
  path_name: string;
  company_id: number;
  parentid: number | null;
  /** Active members of the department and its sub-departments. */
  member_count: number;
}

/** spec 000 §3: auto_convert_state 0 off, 1 on, 2 on and converting. */
export type AutoConvertState = 0 | 1 | 2;

/**
 * A team with what its details dialog needs (GET /api/v3/groups/{id}, GET /v1/groups/{id}): the
 * space record plus the owner, the department it belongs to, the actor's membership and settings.
 */
export interface TeamRecord extends GroupRecord {
  type: TeamType;
  /** The team's current owner (team_role 1). */
  owner_user: Pick<PersonBrief, 'id' | 'nick_name' | 'avatar'> | null;
  /** Who created it (owner or creator see it under /contacts/group). */
  creator: { id: number; nick_name: string };
  /** Company teams: the department they belong to; null otherwise. */
  ascription_dept: { id: number; name: string; display_path_name: string } | null;
  self_member: {
    team_role: TeamRole;
    /** The actor belongs through a department entry only (role fixed to member). */
    via_dept: boolean;
    /** A department entry brings the actor in, named as well or not: they cannot exit on their own. */
    in_dept: boolean;
  };
  /** Department entries. member_count counts people, departments' members included. */
  dept_count: number;
  auto_convert_state: AutoConvertState;
  /** Whether auto-convert is on (auto_convert_state above 0). */
  auto_convert_group: boolean;
  /** File-message push of the team (spec 000 §2 "file-message push switch"). */
  im_push: boolean;
  /** How many history versions a file of the team keeps. */
  history_limit: number;
  /** The largest history_limit the deployment allows (settings history_version_max). */
  history_limit_max: number;
  /** Up to 9 newest people (the chat dialog's strip shows 9, elsewhere 6). */
  recent_members: Pick<PersonBrief, 'id' | 'nick_name' | 'avatar'>[];
}

/** spec 000 §3 "Team member": type 1 user, 2 department. */
export interface TeamMember {
  type: 1 | 2;
  /** The user id (type 1) or department id (type 2). */
  id: number;
  /** Scheme B; department entries are members (3) and never change. */
  team_role: TeamRole;
  user?: PersonBrief;
  dept?: DeptBrief;
  /** A user present only through a department entry: the department (role fixed to member). */
  via_dept?: { id: number; name: string };
  /**
   * A user entry whom a department entry brings in too: removing the entry would leave them in,
   * so they are not removed by name (cant_remove_member); they leave with the department.
   */
  in_dept?: { id: number; name: string };
  joined_at: number;
}

export interface TeamMemberPage {
  members: TeamMember[];
  offset: number;
  limit: number;
  total: number;
  more: boolean;
}

/** spec 000 §3 "Contact item": type 1 multi-chat, 2 department, 3 team, 4 user. */
export type ContactType = 1 | 2 | 3 | 4;

/** A team or chat as the contacts calls list it (GET /v1/companies/self/users/self/groups ...). */
export interface ContactGroup {
  id: number;
  contacts_id: number;
  groupid: number;
  /** 1 multi-person chat, 3 team (general or company: groupType tells). */
  type: 1 | 3;
  groupType: TeamType;
  name: string;
  avatar: string;
  member_count: number;
  auto_convert_state: AutoConvertState;
  is_top_group: boolean;
  team_role: TeamRole;
  created_at: number;
  owner_user: Pick<PersonBrief, 'id' | 'nick_name'> | null;
  /** spec 001 §3 "Search team item": creator.name (nick_name too, as the contacts calls had it). */
  creator: { id: number; nick_name: string; name: string };
  /** The name's pinyin, lower-case: teams sort by it (spec 001 §3 "Search team item" sort_key). */
  sort_key: string;
}

/** GET /namesearch/api/mygroups/find (spec 001 §3 "Search team item"): with the newest members. */
export interface SearchTeamItem extends ContactGroup {
  members: Pick<PersonBrief, 'id' | 'nick_name' | 'avatar'>[];
}

export interface ContactGroupPage {
  groups: ContactGroup[];
  offset: number;
  limit: number;
  more: boolean;
}

/** GET /cts/v1/companies/self/users/self/group_approvers (spec 000 §3 "Approver"). */
export interface Approver {
  id: number;
  unique_name: string;
  nick_name: string;
  avatar: string;
  dept_names: string[];
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** spec 000 §3 "Group-approval request", with its state and who decided. */
export interface GroupApproval {
  approval_id: number;
  id: number;
  applicant: Pick<PersonBrief, 'id' | 'nick_name' | 'avatar'>;
  /** 1 multi-person chat, 3 team. */
  type: 1 | 3;
  name: string;
  avatar: string;
  notice: string;
  desc: string;
  designated_approver_ids: number[];
  approvers: Pick<PersonBrief, 'id' | 'nick_name'>[];
  auto_convert_group: boolean;
  member_ids: number[];
  dept_ids: number[];
  members: Pick<PersonBrief, 'id' | 'nick_name' | 'avatar'>[];
  depts: { id: number; name: string }[];
  status: ApprovalStatus;
  reason: string;
  decided_by: Pick<PersonBrief, 'id' | 'nick_name'> | null;
  decided_at: number | null;
  /** The team the approval created. */
  group_id: number | null;
  created_at: number;
}

export interface GroupApprovalPage {
  approvals: GroupApproval[];
  offset: number;
  limit: number;
  more: boolean;
}

/** In-app notices (GET /xnc/v1/notices); the web app words them from kind and params. */
export type NoticeKind =
  | 'approval_pending'
  | 'approval_approved'
  | 'approval_rejected'
  | 'team_added'
  | 'team_invited'
  /** Someone named the user on a link to a file: it is in their "shared with me". */
  | 'link_shared';

export interface Notice {
  id: number;
  kind: NoticeKind;
  params: {
    group_id?: number;
    group_name?: string;
    approval_id?: number;
    actor_name?: string;
    reason?: string;
    /** link_shared: the link and the file's name. */
    sid?: string;
    file_name?: string;
  };
  read: boolean;
  created_at: number;
}

export interface NoticePage {
  notices: Notice[];
  unread: number;
  offset: number;
  limit: number;
  more: boolean;
}

/** GET /api/v3/groups/{id}/invite_info, and the public side of a link. */
export interface InviteInfo {
  code: string;
  /** Path of the join page, relative to the site: /pcview/team/invite/{code}. */
  link: string;
  group: { id: number; name: string; avatar: string; type: TeamType; member_count: number };
  inviter?: { id: number; nick_name: string };
  /** Only on the public side: whether the viewer already belongs. */
  is_member?: boolean;
}

/** spec 001 §3 "Search member item", plus the ids and names our screens use. */
export interface SearchMember {
  id: number;
  userId: number;
  nick_name: string;
  realName: string;
  unique_name: string;
  avatar: string;
  pinyin: string;
  emails: string[];
  phones: string[];
  departmentNames: string[];
  departmentDisplayNames: string[];
}

/** GET /api/v3/yun_msg/conversation/{type}/{id}/info. */
export interface ConversationInfo {
  type: number;
  id: number;
  name: string;
  avatar: string;
  member_count: number;
  members: Pick<PersonBrief, 'id' | 'nick_name' | 'avatar'>[];
  /** How many messages the team's conversation holds (modules/chat). */
  message_count: number;
  team_role: TeamRole;
}
