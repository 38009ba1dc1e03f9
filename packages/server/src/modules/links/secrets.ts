import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CHKCODE_ALPHABET, CHKCODE_LENGTH, normalizeChkcode, randomString } from '@cirrus/shared';

const KEY_BYTES = 32;
/** 16 random bytes: a sid carries 128 bits (ARCHITECTURE "API conventions"). */
const SID_BYTES = 16;
const ENCRYPTED_PREFIX = 'v1.';

/**
 * The server's secret (ours): DATA_DIR/secret.key, 32 random bytes in base64, created with mode 0600
 * on first start; SECRET_KEY (base64) gives it instead, for several server processes that must
 * share one. Access codes are encrypted with it at rest, and access-code tokens signed with it.
 */
export function loadSecretKey(dataDir: string, fromEnv = ''): Buffer {
  if (fromEnv) return parseKey(fromEnv, 'SECRET_KEY');
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx': only the first process to start writes it; the others read what it wrote.
    fs.writeFileSync(file, `${crypto.randomBytes(KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseKey(fs.readFileSync(file, 'utf8'), file);
}

function parseKey(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${where} must hold ${KEY_BYTES} bytes in base64`);
  return key;
}

function subkey(key: Buffer, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), purpose, KEY_BYTES));
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** Access codes encrypted at rest (AES-256-GCM), compared in constant time; sids and tokens. */
export function createLinkSecrets(key: Buffer) {
  const encryptionKey = subkey(key, 'cirrus link access code');
  const macKey = subkey(key, 'cirrus link token');
  const mac = (text: string) => crypto.createHmac('sha256', macKey).update(text).digest();

  return {
    /** A new sid: 128 random bits in base64url, drawn again until it holds a letter. */
    newSid(): string {
      for (;;) {
        const sid = b64url(crypto.randomBytes(SID_BYTES));
        if (/[A-Za-z]/.test(sid)) return sid;
      }
    },

    newChkcode(): string {
      return randomString(CHKCODE_LENGTH, CHKCODE_ALPHABET);
    },

    encrypt(code: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(normalizeChkcode(code), 'utf8'), cipher.final()]);
      return ENCRYPTED_PREFIX + b64url(Buffer.concat([iv, cipher.getAuthTag(), body]));
    },

    decrypt(stored: string): string {
      if (!stored) return '';
      if (!stored.startsWith(ENCRYPTED_PREFIX)) throw new Error('unknown access code format');
      const raw = Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },

    /** Whether `given` is the code: both sides are MACed first, so the comparison takes the same time for any input. */
    codeMatches(stored: string, given: string): boolean {
      const expected = mac(`code:${this.decrypt(stored)}`);
      const actual = mac(`code:${normalizeChkcode(given)}`);
      return crypto.timingSafeEqual(expected, actual);
    },

    /**
     * A token that stands for the right code of this link until `expiresAt` (rand_code): it names
     * the sid and the code, so resetting the link or changing the code ends it.
     */
    token(sid: string, stored: string, expiresAt: number): string {
      return `${expiresAt}.${b64url(mac(`token:${sid}:${expiresAt}:${this.decrypt(stored)}`))}`;
    },

    tokenValid(sid: string, stored: string, token: string, nowSeconds: number): boolean {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expiresAt = Number(match[1]);
      if (expiresAt <= nowSeconds) return false;
      const expected = Buffer.from(this.token(sid, stored, expiresAt).split('.')[1], 'base64url');
      return crypto.timingSafeEqual(expected, Buffer.from(match[2], 'base64url'));
    },
  };
}

export type LinkSecrets = ReturnType<typeof createLinkSecrets>;
