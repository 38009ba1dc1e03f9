import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

test('feedback: 401 logged out, 400 empty, 201 stored', async () => {
  expect((await t.anonymous().post('/v1/feedback', { content: 'hi' })).statusCode).toBe(401);
  const client = await (await t.makeUser()).client();
  expect((await client.post('/v1/feedback', { content: '   ' })).json().result).toBe('badRequest');
  const res = await client.post('/v1/feedback', { content: ' The upload panel is great ' });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ content: 'The upload panel is great' });
  const rows = await t.database.db.selectFrom('feedback').selectAll().execute();
  expect(rows).toHaveLength(1);
});
