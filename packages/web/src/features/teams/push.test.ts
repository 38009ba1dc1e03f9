import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { driveKeys } from '../drive/queries';
import { applyTeamPush, teamKeys } from './queries';

function clientWithData() {
  const client = new QueryClient();
  client.setQueryData(driveKeys.teams(), { pages: [] });
  client.setQueryData(driveKeys.group(7), { id: 7 });
  client.setQueryData(driveKeys.permissions(7, 0), {});
  client.setQueryData(driveKeys.permissions(8, 0), {});
  client.setQueryData(teamKeys.team(7), { id: 7 });
  client.setQueryData(driveKeys.mySpace(), { id: 1 });
  return client;
}
const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey))
    .sort();

test("a team's change refreshes the team lists, that team and its space's rights, not another space", () => {
  const client = clientWithData();
  applyTeamPush(client, { type: 'team.changed', group_id: 7 });
  const refreshed = stale(client);
  for (const key of [driveKeys.teams(), driveKeys.group(7), driveKeys.permissions(7, 0), teamKeys.team(7)])
    expect(refreshed).toContain(JSON.stringify(key));
  expect(refreshed).not.toContain(JSON.stringify(driveKeys.permissions(8, 0)));
});

test("another area's push changes nothing here", () => {
  const client = clientWithData();
  applyTeamPush(client, { type: 'chat.read', conversation: { type: 3, id: 7 } });
  expect(stale(client)).toEqual([]);
});

test('a new notice refreshes the bell only', () => {
  const client = clientWithData();
  client.setQueryData(teamKeys.notices(), { notices: [], unread: 0 });
  applyTeamPush(client, { type: 'notices.new' });
  expect(stale(client)).toEqual([JSON.stringify(teamKeys.notices())]);
});
