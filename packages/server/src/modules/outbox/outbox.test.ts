import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp } from '../../../test/helpers.ts';
import { lastMessageTo } from '../../../test/outbox.ts';

/** A stand-in for the operator's text-message gateway on the loopback address. */
let received: { to: string; body: string; kind: string }[] = [];
let status = 200;
const gateway = http.createServer((req, res) => {
  let data = '';
  req.on('data', (chunk) => {
    data += chunk;
  });
  req.on('end', () => {
    received.push(JSON.parse(data));
    res.writeHead(status).end();
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
});

describe('outbox', () => {
  test('without a transport a message is stored', async () => {
    const t = await makeTestApp();
    try {
      const id = await t.services.outbox.send({
        channel: 'mail',
        to: 'a@b.cn',
        subject: 'S',
        body: 'B',
        kind: 'test',
      });
      expect(id).toBeGreaterThan(0);
      expect(await lastMessageTo(t, 'a@b.cn')).toMatchObject({
        state: 'stored',
        subject: 'S',
        sent_at: null,
      });
    } finally {
      await t.close();
    }
  });

  test('with SMS_WEBHOOK_URL a text message is posted there and marked sent, or failed', async () => {
    const t = await makeTestApp({ SMS_WEBHOOK_URL: url });
    try {
      received = [];
      status = 200;
      await t.services.outbox.send({
        channel: 'sms',
        to: '13800000000',
        subject: '',
        body: 'code 123456',
        kind: 'bind_code',
      });
      await t.services.outbox.drain();
      expect(received).toEqual([{ to: '13800000000', body: 'code 123456', kind: 'bind_code' }]);
      expect(await lastMessageTo(t, '13800000000')).toMatchObject({ state: 'sent', error: '' });

      status = 502;
      await t.services.outbox.send({
        channel: 'sms',
        to: '13800000001',
        subject: '',
        body: 'x',
        kind: 'bind_code',
      });
      await t.services.outbox.drain();
      const failed = await lastMessageTo(t, '13800000001');
      expect(failed?.state).toBe('failed');
      expect(failed?.error).toContain('502');
      // mail has no transport here: stored
      await t.services.outbox.send({ channel: 'mail', to: 'c@d.cn', subject: 's', body: 'b', kind: 'test' });
      expect((await lastMessageTo(t, 'c@d.cn'))?.state).toBe('stored');
    } finally {
      await t.close();
    }
  });
});
