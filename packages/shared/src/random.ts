// Uniform random integers from the Web Crypto API, available in browsers and in Node.js 20+.

interface RandomSource {
  getRandomValues<T extends Uint32Array>(array: T): T;
}

function randomSource(): RandomSource {
  // The shared package is built without DOM or Node typings, so the global is typed here.
  const source = (globalThis as { crypto?: RandomSource }).crypto;
  if (!source) throw new Error('globalThis.crypto.getRandomValues is not available');
  return source;
}

/** A uniform random integer in [0, maxExclusive), by rejection sampling (no modulo bias). */
export function randomInt(maxExclusive: number): number {
  if (!Number.isInteger(maxExclusive) || maxExclusive <= 0 || maxExclusive > 2 ** 32) {
    throw new RangeError(`randomInt: bad bound ${maxExclusive}`);
  }
  const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = randomSource().getRandomValues(buffer)[0];
    if (value < limit) return value % maxExclusive;
  }
}

/** A string of `length` characters drawn uniformly from `alphabet`. */
export function randomString(length: number, alphabet: string): string {
  const chars = [...alphabet];
  let out = '';
  for (let i = 0; i < length; i++) out += chars[randomInt(chars.length)];
  return out;
}
