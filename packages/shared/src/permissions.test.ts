import { describe, expect, test } from 'vitest';
import {
  DEFAULT_ROLE_MASKS,
  defaultMaskForRole,
  FULL_MASK,
  flagsToMask,
  hasPermission,
  maskOf,
  maskToFlags,
  PERMISSION_NAMES,
  type PermissionName,
  permissionBit,
} from './permissions.ts';
import { TEAM_ROLE } from './roles.ts';

describe('bit order (spec 001 §3)', () => {
  test.each(PERMISSION_NAMES.map((name, index) => [name, index] as const))('%s is bit %i', (name, index) => {
    expect(permissionBit(name)).toBe(2 ** index);
  });

  test('12 bits, full mask 4095', () => {
    expect(PERMISSION_NAMES).toHaveLength(12);
    expect(FULL_MASK).toBe(4095);
  });
});

describe('maskToFlags / flagsToMask', () => {
  test.each([
    [0, []],
    [1, ['read']],
    [0b1000000001, ['read', 'download']],
    [0b100000000000, ['history']],
    [4095, [...PERMISSION_NAMES]],
    [4096 + 1, ['read']], // bits above 12 are ignored
  ] as const)('%i <-> %j', (mask, names) => {
    const flags = maskToFlags(mask);
    expect(PERMISSION_NAMES.filter((name) => flags[name])).toEqual(names);
    expect(flagsToMask(flags)).toBe(mask & FULL_MASK);
  });

  test('missing flags count as false', () => {
    expect(flagsToMask({ read: true, share: true })).toBe(1 + 128);
  });
});

describe('hasPermission', () => {
  const mask = maskOf('read', 'download', 'history');
  test.each([
    ['read', true],
    ['download', true],
    ['history', true],
    ['upload', false],
    ['delete', false],
    ['secret', false],
  ] as [PermissionName, boolean][])('%s -> %s', (name, expected) => {
    expect(hasPermission(mask, name)).toBe(expected);
  });
});

describe('default masks per team role', () => {
  test.each([
    [TEAM_ROLE.owner, [...PERMISSION_NAMES]],
    [TEAM_ROLE.admin, [...PERMISSION_NAMES]],
    [TEAM_ROLE.member, PERMISSION_NAMES.filter((name) => name !== 'secret')],
    [TEAM_ROLE.read_member, ['read', 'download', 'history']],
  ])('role %i may %j', (role, names) => {
    const flags = maskToFlags(defaultMaskForRole(role));
    expect(PERMISSION_NAMES.filter((name) => flags[name])).toEqual(names);
    expect(DEFAULT_ROLE_MASKS[role]).toBe(defaultMaskForRole(role));
  });
});
