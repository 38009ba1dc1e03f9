import crypto from 'node:crypto';

/**
 * The hex SHA-256 of a short string (a session token on every request, a reset code, a picture's
 * key). crypto.hash does it in one call: a third of createHash().update().digest() in a loop here,
 * and it runs on every request (issue 11 W2, W6).
 */
export const sha256Hex = (s: string): string => crypto.hash('sha256', s, 'hex');
