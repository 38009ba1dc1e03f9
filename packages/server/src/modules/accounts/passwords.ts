import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * Whether a typed password is the account's: as typed, or trimmed. New passwords are stored
 * trimmed (shared password.ts), so one set as "  secret  " is typed back with its spaces; one
 * stored with edge spaces before that rule still matches as typed.
 */
export async function passwordMatches(hashed: string, typed: string): Promise<boolean> {
  if (await verifyPassword(hashed, typed)) return true;
  const trimmed = typed.trim();
  return trimmed !== typed && trimmed !== '' && (await verifyPassword(hashed, trimmed));
}

/** Verified against when an account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password');
  return dummyHash;
}
