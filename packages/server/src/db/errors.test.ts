import { describe, expect, test } from 'vitest';
import { isUniqueViolation, isUniqueViolationOf } from './errors.ts';

describe('unique violations, by index', () => {
  const sqlite = Object.assign(new Error('UNIQUE constraint failed: users.phone'), {
    code: 'SQLITE_CONSTRAINT_UNIQUE',
  });
  const postgres = Object.assign(new Error('duplicate key value violates unique constraint "users_phone"'), {
    code: '23505',
    constraint: 'users_phone',
  });

  test('name the index on either database', () => {
    for (const err of [sqlite, postgres]) {
      expect(isUniqueViolation(err)).toBe(true);
      expect(isUniqueViolationOf(err, 'users', 'phone')).toBe(true);
      expect(isUniqueViolationOf(err, 'users', 'email')).toBe(false);
    }
    expect(isUniqueViolationOf(new Error('users.phone'), 'users', 'phone')).toBe(false);
  });
});
