import type { ErrorKey } from '@cirrus/shared';
import type { QuotaDefaults } from '../../config.ts';

/**
 * The SpaceFull family (spec 001 §8 "Space full"): which write hits which key.
 *
 * Every write that adds bytes or items (upload, a new version, a new empty file, a new folder,
 * copy, a move into another space) is charged to every scope of the space it lands in, most
 * specific first; the first scope it would overflow names the error and nothing is stored.
 * Deleting to the recycle bin frees nothing (the bin still holds the content); moving out of a
 * space frees its scopes. Only a file's current content counts; older versions are not charged.
 *
 *   space written           scope row                      bytes over                items over
 *   my drive / uploads      user (the owner)               MySpaceFull, or           userQuotaLimitReached
 *                                                          userSpaceFull when the
 *                                                          writer is someone else
 *                           dept (owner's main department) userDeptSpaceFull
 *                           company (owner's company)      totalDocSpaceFull         QuotaLimitReached
 *   team space              group (the team)               groupSpaceFull            groupQuotaLimitReached
 *                           dept (the team's department)   groupDeptSpaceFull
 *                           common (company team without   commonSpaceFull
 *                             a department: the company's
 *                             common pool)
 *                           company (the team's company)   totalDocSpaceFull         QuotaLimitReached
 *   any space               the disk itself (ENOSPC)       SpaceFull
 *
 * A department's group space is its default (DEPT_SPACE_QUOTA or the row's total) plus its
 * expand_self. Limits of 0 are unlimited.
 */
export type QuotaScope = 'user' | 'group' | 'dept' | 'common' | 'company';

export interface QuotaTarget {
  scope: QuotaScope;
  id: number;
  /** Answered when the bytes would overflow this scope. */
  bytesKey: ErrorKey;
  /** Answered when the item count would overflow this scope; scopes without one count no items. */
  filesKey?: ErrorKey;
}

/** Where a space draws its space from. */
export interface SpaceAccount {
  kind: 'personal' | 'team';
  groupId: number;
  /** Owner of a personal space; creator of a team. */
  ownerId: number;
  companyId: number;
  deptId: number | null;
  /** spec 000 §3 team type: 2 = company team. */
  teamType: number;
}

/** The scopes a write into `account` by `actorId` is charged to, most specific first. */
export function quotaTargets(account: SpaceAccount, actorId: number): QuotaTarget[] {
  const targets: QuotaTarget[] = [];
  if (account.kind === 'personal') {
    targets.push({
      scope: 'user',
      id: account.ownerId,
      bytesKey: actorId === account.ownerId ? 'MySpaceFull' : 'userSpaceFull',
      filesKey: 'userQuotaLimitReached',
    });
    if (account.deptId) targets.push({ scope: 'dept', id: account.deptId, bytesKey: 'userDeptSpaceFull' });
  } else {
    targets.push({
      scope: 'group',
      id: account.groupId,
      bytesKey: 'groupSpaceFull',
      filesKey: 'groupQuotaLimitReached',
    });
    if (account.deptId) targets.push({ scope: 'dept', id: account.deptId, bytesKey: 'groupDeptSpaceFull' });
    else if (account.companyId && account.teamType === 2) {
      targets.push({ scope: 'common', id: account.companyId, bytesKey: 'commonSpaceFull' });
    }
  }
  if (account.companyId) {
    targets.push({
      scope: 'company',
      id: account.companyId,
      bytesKey: 'totalDocSpaceFull',
      filesKey: 'QuotaLimitReached',
    });
  }
  return targets;
}

/** A scope's row as stored; null totals fall back to the configured defaults. */
export interface QuotaRow {
  total: number | null;
  expand_self: number;
  used: number;
  max_files: number | null;
  file_count: number;
}

export interface QuotaLimits {
  /** Bytes; 0 is unlimited. */
  total: number;
  /** Items; 0 is unlimited. */
  maxFiles: number;
}

const DEFAULT_BYTES: Record<QuotaScope, keyof QuotaDefaults> = {
  user: 'user',
  group: 'group',
  dept: 'dept',
  common: 'common',
  company: 'company',
};

const DEFAULT_FILES: Partial<Record<QuotaScope, keyof QuotaDefaults>> = {
  user: 'userFiles',
  group: 'groupFiles',
  company: 'companyFiles',
};

export function limitsOf(scope: QuotaScope, row: QuotaRow | undefined, defaults: QuotaDefaults): QuotaLimits {
  const base = row?.total ?? defaults[DEFAULT_BYTES[scope]];
  // spec 001 (issue 3): a department's group space is its default plus expand_self.
  const total =
    scope === 'dept' && (base > 0 || (row?.expand_self ?? 0) > 0) ? base + (row?.expand_self ?? 0) : base;
  const filesDefault = DEFAULT_FILES[scope];
  const maxFiles = row?.max_files ?? (filesDefault ? defaults[filesDefault] : 0);
  return { total, maxFiles };
}

export interface Usage {
  bytes: number;
  files: number;
}

/** The key a charge of `delta` on top of `used` would break, if any. */
export function overflowKey(
  target: QuotaTarget,
  limits: QuotaLimits,
  after: Usage,
  delta: Usage,
): ErrorKey | undefined {
  if (delta.bytes > 0 && limits.total > 0 && after.bytes > limits.total) return target.bytesKey;
  if (delta.files > 0 && target.filesKey && limits.maxFiles > 0 && after.files > limits.maxFiles)
    return target.filesKey;
  return undefined;
}
