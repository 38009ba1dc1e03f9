// A small HTTP/1.1 client over node:http with keep-alive agents: bodies are written from buffers
// with back-pressure (no copies), answers are either collected (JSON) or counted and dropped.
import { once } from 'node:events';
import http from 'node:http';

export function keepAliveAgent(maxSockets = 64) {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

/**
 * One request. `body`: a Buffer, a string, or { parts: Buffer[] } written in order. `collect`:
 * keep the answer's bytes (else they are only counted). Answers { status, headers, body, bytes }.
 */
export async function request(url, { method = 'GET', headers = {}, body, agent, collect = true } = {}) {
  const parts =
    body === undefined ? [] : Buffer.isBuffer(body) || typeof body === 'string' ? [body] : body.parts;
  const length = parts.reduce((n, p) => n + Buffer.byteLength(p), 0);
  const req = http.request(url, {
    method,
    agent,
    headers: body === undefined ? headers : { 'content-length': String(length), ...headers },
  });
  const answered = new Promise((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  for (const part of parts) {
    if (!req.write(part)) await Promise.race([once(req, 'drain'), answered]);
  }
  req.end();
  const res = await answered;
  const chunks = [];
  let bytes = 0;
  for await (const chunk of res) {
    bytes += chunk.length;
    if (collect) chunks.push(chunk);
  }
  return {
    status: res.statusCode,
    headers: res.headers,
    body: collect ? Buffer.concat(chunks) : undefined,
    bytes,
  };
}

/** Fails with the answer's text unless the status is one of `ok`. */
export function expectStatus(res, ok, what) {
  const okList = Array.isArray(ok) ? ok : [ok];
  if (!okList.includes(res.status)) {
    const text = res.body ? res.body.toString('utf8').slice(0, 300) : '';
    throw new Error(`${what}: HTTP ${res.status} ${text}`);
  }
  return res;
}

/**
 * Runs `task(i)` for i in [0, count) with at most `width` at once; no new task starts after
 * `stopAt` (performance.now() time). Answers the errors and how many tasks ran.
 */
export async function pool(count, width, task, { stopAt = Number.POSITIVE_INFINITY } = {}) {
  let next = 0;
  const errors = [];
  const worker = async () => {
    while (next < count && performance.now() < stopAt) {
      const i = next++;
      try {
        await task(i);
      } catch (err) {
        errors.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return { errors, done: next };
}
