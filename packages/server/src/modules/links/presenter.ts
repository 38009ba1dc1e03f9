import {
  isDownloadCountEditable,
  type LinkFile,
  type LinkMember,
  type LinkMembersSummary,
  type LinkPermission,
  type LinkRange,
  linkPath,
  MEMBER_CHIPS,
  type SharedFileItem,
  splitExt,
} from '@cirrus/shared';
import type { FileRow } from '../../db/schema.ts';
import type { LinkRow, MemberRow, SharedRow } from './repo.ts';

export function presentLinkFile(
  file: Pick<FileRow, 'id' | 'name' | 'is_folder' | 'size' | 'mtime' | 'group_id'>,
): LinkFile {
  const isFolder = file.is_folder === 1;
  return {
    fileid: file.id,
    fname: file.name,
    ftype: isFolder ? 'folder' : 'file',
    extname: isFolder ? '' : splitExt(file.name).ext.toLowerCase(),
    fsize: isFolder ? 0 : file.size,
    mtime: file.mtime,
    groupid: file.group_id,
    // Collaborative (online) documents do not exist in the product yet (spec 002 §6).
    isCoDoc: false,
  };
}

/**
 * download_remain: -1 unlimited, else what is left of the limit. A link that lets nobody download
 * (read) has no limit to spend (spec 002 §5: the count is set only on download and write links).
 */
export function downloadRemain(
  link: Pick<LinkRow, 'download_limits' | 'download_count' | 'permission'>,
): number {
  if (link.download_limits === -1 || !isDownloadCountEditable(link.permission as LinkPermission, false))
    return -1;
  return Math.max(0, link.download_limits - link.download_count);
}

export interface MemberNames {
  users: Map<number, { nick_name: string; avatar: string; email: string | null; phone: string | null }>;
  depts: Map<number, { name: string; display_path_name: string }>;
}

/** A member row as the member lists answer it (spec 002 §3 "Link member"). */
export function presentMember(row: MemberRow, names: MemberNames, editable: boolean): LinkMember {
  const base = {
    id: row.id,
    permission: row.permission as LinkMember['permission'],
    status: row.status,
    editable,
  };
  if (row.principal_type === 'dept') {
    const dept = names.depts.get(row.principal_id);
    return {
      ...base,
      userid: row.principal_id,
      name: dept?.name ?? '',
      avatar: '',
      type: 'department',
      extends: { email: '', phone: '' },
      path_name: dept?.display_path_name ?? '',
    };
  }
  if (row.principal_type === 'address') {
    const isPhone = /^\d+$/.test(row.address);
    return {
      ...base,
      userid: 0,
      name: row.address,
      avatar: '',
      type: 'address',
      extends: { email: isPhone ? '' : row.address, phone: isPhone ? row.address : '' },
    };
  }
  const user = names.users.get(row.principal_id);
  return {
    ...base,
    userid: row.principal_id,
    name: user?.nick_name ?? '',
    avatar: user?.avatar ?? '',
    type: 'user',
    extends: { email: user?.email ?? '', phone: user?.phone ?? '' },
  };
}

export function presentSummary(
  summary: { department: number; user: number; userIds: number[] } | undefined,
  users: MemberNames['users'],
): LinkMembersSummary {
  const s = summary ?? { department: 0, user: 0, userIds: [] };
  return {
    total: s.department + s.user,
    department: s.department,
    user: s.user,
    members: s.userIds.slice(0, MEMBER_CHIPS).map((id) => ({
      userid: id,
      name: users.get(id)?.nick_name ?? '',
      avatar: users.get(id)?.avatar ?? '',
    })),
  };
}

/** A shared-list row (spec 002 §3 "Shared file list item"): the link-shared type of spec 001 §3. */
export function presentShared(
  row: SharedRow,
  state: 'open' | 'expired' | 'close',
  summary: LinkMembersSummary,
): SharedFileItem {
  const isFolder = row.is_folder === 1;
  return {
    fileid: row.file_id,
    id: row.file_id,
    fname: row.fname,
    ftype: isFolder ? 'sharefolder' : 'sharefile',
    extname: isFolder ? '' : splitExt(row.fname).ext.toLowerCase(),
    fsize: isFolder ? 0 : row.fsize,
    mtime: row.fmtime,
    groupid: row.fgroup_id,
    link: {
      sid: row.sid,
      status: state,
      ranges: row.ranges as LinkRange,
      permission: row.permission as LinkPermission,
      expire_time: row.expire_time,
      download_remain: downloadRemain(row),
      has_chkcode: row.chkcode !== '',
    },
    creator: { id: row.creator_id, name: row.creator_name ?? '' },
    shared_at: Number(row.shared_at),
    link_members_summary: summary,
  };
}

export { linkPath };
