// Security documents (spec 000 §1 and §5, spec 001 §4, §5 and §7): an office document uploaded
// into a team whose auto-convert is on becomes a security document. It carries a secure_guid and
// a list of rights, each giving a principal some operations; what a team member may do with it is
// their usual user_acl narrowed to the operations their rights give. The team's owner and admins
// keep everything: they set the rights. The specs name the call and its default operations (3 and
// 4) but not what each operation means, so the meanings below are ours. A security document never
// leaves its team: no copy or move to another space (security_group_forbidden, or
// security_group_forbidden_tmp into My uploads) and no share link, whoever asks.

import { SECDOC_OPERATION_IDS } from './constants.ts';
import { type PermissionName, permissionBit } from './permissions.ts';

/** The operations of a right, by id: what each lets a principal do with the document. */
export const SECDOC_OPERATIONS = {
  /** Take a copy away: download it, alone or in a zip. */
  1: ['download'],
  /** Copy it within its team (the copy is a security document with the same rights). */
  2: ['copy'],
  /** Open it: preview and its history versions. */
  3: ['read', 'history'],
  /** Change it: new versions, rename, move within the team, delete. */
  4: ['update', 'rename', 'move', 'delete'],
} as const satisfies Record<number, readonly PermissionName[]>;

export type SecdocOperationId = keyof typeof SECDOC_OPERATIONS & number;
export const SECDOC_OPERATION_ID_LIST = Object.keys(SECDOC_OPERATIONS).map(Number) as SecdocOperationId[];

/**
 * Who a right is for, in the contact picker's numbering (spec 000 §3 contact item type): the
 * file's own team (3, or 1 when that team is a multi-person chat), a department (2) or a user (4).
 */
export const SECDOC_PRINCIPAL = { chat: 1, dept: 2, team: 3, user: 4 } as const;
export type SecdocPrincipalType = (typeof SECDOC_PRINCIPAL)[keyof typeof SECDOC_PRINCIPAL];

/** One entry of PUT {secure}/api/v1/doc/{id}/rights. */
export interface SecdocRight {
  principalid: number;
  principaltype: SecdocPrincipalType;
  operationids: SecdocOperationId[];
}

/** A right as the server answers it, with the principal's name for the rights dialog. */
export interface SecdocRightView extends SecdocRight {
  name: string;
}

/**
 * The largest document auto-convert takes by default, in MB (spec 001 §8: error 5007, "limit 10");
 * a company sets its own (setting secdoc_convert_max_mb, spec 000 §9 "from configuration").
 */
export const SECDOC_CONVERT_MAX_MB = 10;
/** More rights than this on one document is a mistake, not a policy. */
export const SECDOC_MAX_RIGHTS = 200;

/**
 * The rights a document gets when it is converted: its team, with the default operations, and the
 * member who added it, with every operation (they had its bytes already; the team's owner and
 * admins need none, they keep everything). `creatorId` null: nobody but the team.
 */
export function defaultSecdocRights(
  teamId: number,
  teamIsChat: boolean,
  creatorId: number | null = null,
): SecdocRight[] {
  const team: SecdocRight = {
    principalid: teamId,
    principaltype: teamIsChat ? SECDOC_PRINCIPAL.chat : SECDOC_PRINCIPAL.team,
    operationids: [...SECDOC_OPERATION_IDS],
  };
  if (creatorId === null) return [team];
  return [
    team,
    {
      principalid: creatorId,
      principaltype: SECDOC_PRINCIPAL.user,
      operationids: [...SECDOC_OPERATION_ID_LIST],
    },
  ];
}

/** The permission bits a list of operations allows. */
export function secdocMask(operationIds: Iterable<number>): number {
  let mask = 0;
  for (const id of operationIds) {
    const names: readonly PermissionName[] | undefined = SECDOC_OPERATIONS[id as SecdocOperationId];
    for (const name of names ?? []) mask |= permissionBit(name);
  }
  return mask;
}

/** Whether an upload of `bytes` may be converted (above the limit it is refused: convertFileTooLarge). */
/**
 * Whether teams here may convert office documents into security documents: the deployment allows
 * auto-convert (ALLOW_AUTO_CONVERT_SECDOC) and security documents are on (allow_securitydoc), as
 * file locks need ALLOW_FILE_LOCK and allow_file_lock. Off, nothing more is converted; documents
 * converted before stay security documents.
 */
export function securityDocsConvert(settings: {
  ALLOW_AUTO_CONVERT_SECDOC: boolean;
  allow_securitydoc: boolean;
}): boolean {
  return settings.ALLOW_AUTO_CONVERT_SECDOC && settings.allow_securitydoc;
}

/** Whether content of `bytes` may become a security document under a limit of `maxMb` megabytes. */
export function secdocConvertibleSize(bytes: number, maxMb: number): boolean {
  return bytes <= maxMb * 1024 * 1024;
}

/** Whether a file record is a security document. */
export function isSecdoc(file: { secure_guid?: string | null }): boolean {
  return Boolean(file.secure_guid);
}

/** Operation ids as stored: a bit set, bit n-1 for operation n. */
export function operationBits(operationIds: Iterable<number>): number {
  let bits = 0;
  for (const id of operationIds) bits |= 1 << (id - 1);
  return bits;
}

/** The operation ids of a stored bit set, in order. */
export function operationIdsOf(bits: number): SecdocOperationId[] {
  return SECDOC_OPERATION_ID_LIST.filter((id) => (bits & (1 << (id - 1))) !== 0);
}
