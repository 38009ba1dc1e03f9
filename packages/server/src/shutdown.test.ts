import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { makeTestApp } from '../test/helpers.ts';

test('a stop does not wait on a keep-alive connection: the answer in flight closes it', async () => {
  const t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  const body = JSON.stringify({ account: 'nobody', password: 'Wrong-pass-1' });
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: '/p/login',
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  req.write(body.slice(0, 10));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = Date.now();
  const closed = t.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  req.end(body.slice(10));
  const res = await answered;
  res.resume();
  expect(res.statusCode).toBe(401);
  expect(res.headers.connection).toBe('close');
  await closed;
  expect(Date.now() - started).toBeLessThan(10_000);
  agent.destroy();
}, 30_000);
