/**
 * Teams' server state: one key factory (`teamKeys`) and the hooks over the team, directory and
 * notice clients. Every mutation invalidates what it changes, the drive's space lists included
 * (a team's name, avatar and pin show there too).
 */
import { AUTO_CONVERT_STATE, PAGE_SIZE_MEMBERS, type TeamRecord } from '@cirrus/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApprovalRequestBody, directoryApi } from '../../api/directory';
import { historyApi } from '../../api/history';
import { noticesApi } from '../../api/notices';
import { type CreateTeamBody, teamsApi, type UpdateTeamBody } from '../../api/teams';
import type { RealtimeHandler } from '../../app/realtime';
import { driveKeys } from '../drive/queries';

export const teamKeys = {
  all: ['teams'] as const,
  team: (gid: number) => [...teamKeys.all, 'team', gid] as const,
  members: (gid: number, keywords: string) => [...teamKeys.team(gid), 'members', keywords] as const,
  brief: (gid: number) => [...teamKeys.team(gid), 'brief'] as const,
  conversation: (gid: number) => [...teamKeys.team(gid), 'conversation'] as const,
  invite: (gid: number) => [...teamKeys.team(gid), 'invite'] as const,
  deptSpace: (deptId: number) => [...teamKeys.all, 'deptSpace', deptId] as const,
  myGroups: (query: { type?: string; owned?: boolean }) => [...teamKeys.all, 'myGroups', query] as const,
  link: (code: string) => [...teamKeys.all, 'link', code] as const,
  approvers: () => [...teamKeys.all, 'approvers'] as const,
  approvals: () => [...teamKeys.all, 'approvals'] as const,
  notices: () => ['notices'] as const,
};

/**
 * Pushes of a team's changes (its people, their roles, its name or settings, or its deletion): the
 * team lists, the team and its space (rights included) are asked again, so that someone added sees
 * it, someone taken out loses it and a new role shows its buttons, without a reload. After the
 * socket (re)opens, all of it is asked again.
 */
export const applyTeamPush: RealtimeHandler = (queryClient, event) => {
  // A new notice (a share), or a team change, which often comes with one (added to a team).
  if (event === null || event.type === 'notices.new' || event.type === 'team.changed')
    void queryClient.invalidateQueries({ queryKey: teamKeys.notices() });
  if (event !== null && event.type !== 'team.changed') return;
  void queryClient.invalidateQueries({ queryKey: teamKeys.all });
  void queryClient.invalidateQueries({ queryKey: driveKeys.spaces() });
  if (event) void queryClient.invalidateQueries({ queryKey: driveKeys.space(event.group_id) });
};

/** How often a team that is converting its documents (auto_convert_state 2) is asked again. */
export const CONVERTING_POLL_MS = 2000;

export function useTeam(gid: number | undefined) {
  return useQuery({
    queryKey: teamKeys.team(gid ?? 0),
    queryFn: () => teamsApi.get(gid as number),
    enabled: gid !== undefined,
    retry: false,
    // Its "converting" tag goes once the server has converted the team's documents.
    refetchInterval: (query) =>
      query.state.data?.auto_convert_state === AUTO_CONVERT_STATE.converting ? CONVERTING_POLL_MS : false,
  });
}

/** A team's rows, 50 a page (spec 000 §4: pages append; a new search starts at the first page). */
export function useTeamMembers(gid: number, keywords: string) {
  return useInfiniteQuery({
    queryKey: teamKeys.members(gid, keywords),
    queryFn: ({ pageParam, signal }) =>
      teamsApi.members(
        gid,
        { offset: pageParam, limit: PAGE_SIZE_MEMBERS, keywords: keywords || undefined },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.members.length : undefined),
  });
}

/** Every person of a team (ids), for the picker's already-in members. */
export function useTeamPeople(gid: number | undefined) {
  return useQuery({
    queryKey: teamKeys.brief(gid ?? 0),
    queryFn: () => directoryApi.membersBrief(gid as number, { type: 1, limit: 5000 }),
    enabled: gid !== undefined,
  });
}

export function useConversation(gid: number | undefined) {
  return useQuery({
    queryKey: teamKeys.conversation(gid ?? 0),
    queryFn: () => teamsApi.conversation(gid as number),
    enabled: gid !== undefined,
    retry: false,
  });
}

export function useDeptSpace(deptId: number | undefined) {
  return useQuery({
    queryKey: teamKeys.deptSpace(deptId ?? 0),
    queryFn: () => teamsApi.deptSpace(deptId as number),
    enabled: deptId !== undefined,
    retry: false,
  });
}

export function useMyGroups(query: { type?: string; owned?: boolean }) {
  return useQuery({
    queryKey: teamKeys.myGroups(query),
    queryFn: () => directoryApi.myGroups({ ...query, limit: 1000 }),
  });
}

/** After a change to a team: its own queries, the drive's space lists, the contacts lists. */
export function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return (gid?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: gid ? teamKeys.team(gid) : teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: [...teamKeys.all, 'myGroups'] }),
      queryClient.invalidateQueries({ queryKey: driveKeys.spaces() }),
    ]);
}

export function useUpdateTeam(gid: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: UpdateTeamBody) => teamsApi.update(gid, body),
    onSuccess: (team: TeamRecord) => {
      queryClient.setQueryData(teamKeys.team(gid), team);
      return invalidate(gid);
    },
  });
}

export function useCreateTeam() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: CreateTeamBody) => teamsApi.create(body),
    onSuccess: () => invalidate(),
  });
}

export function useCreateChat() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: { name?: string; members: number[] }) => teamsApi.createChat(body),
    onSuccess: () => invalidate(),
  });
}

export function useSetHistoryLimit(gid: number) {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (value: string) => historyApi.setHistoryLimit(gid, value),
    onSuccess: () => invalidate(gid),
  });
}

export function useSetImPush(gid: number) {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (on: boolean) => teamsApi.setImPush(gid, on),
    onSuccess: () => invalidate(gid),
  });
}

export function useMemberMutations(gid: number) {
  const invalidate = useInvalidateTeam();
  const onSuccess = () => invalidate(gid);
  return {
    add: useMutation({
      mutationFn: ({ ids, type }: { ids: number[]; type: 1 | 2 }) =>
        directoryApi.batchMembers(gid, { put: ids, type }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => directoryApi.batchMembers(gid, { delete: ids, type: 1 }),
      onSuccess,
    }),
    removeDept: useMutation({
      mutationFn: (deptId: number) => directoryApi.removeMember(gid, deptId, 2),
      onSuccess,
    }),
    setRole: useMutation({
      mutationFn: ({ userId, role }: { userId: number; role: number }) =>
        directoryApi.setRole(gid, userId, role),
      onSuccess,
    }),
  };
}

/**
 * After leaving or deleting a team: the lists are asked again, the team itself is not. Its dialog
 * is still closing, and the team would answer groupNotExist to it as a load failure.
 */
function useInvalidateAfterLeaving() {
  const queryClient = useQueryClient();
  return (gid: number) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: teamKeys.all,
        predicate: (query) => !(query.queryKey[1] === 'team' && query.queryKey[2] === gid),
      }),
      queryClient.invalidateQueries({ queryKey: driveKeys.spaces() }),
    ]);
}

export function useDeleteTeam() {
  const invalidate = useInvalidateAfterLeaving();
  return useMutation({
    mutationFn: (gid: number) => teamsApi.remove(gid),
    onSuccess: (_data, gid) => invalidate(gid),
  });
}

export function useExitTeam() {
  const invalidate = useInvalidateAfterLeaving();
  return useMutation({
    mutationFn: ({ gid, userId }: { gid: number; userId: number }) => teamsApi.exit(gid, userId),
    onSuccess: (_data, { gid }) => invalidate(gid),
  });
}

export function usePinTeam() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ gid, pinned }: { gid: number; pinned: boolean }) => teamsApi.pin(gid, pinned),
    onSuccess: (_data, { gid }) => invalidate(gid),
  });
}

export function useInvite(gid: number, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invite(gid),
    queryFn: () => teamsApi.inviteInfo(gid),
    enabled,
    retry: false,
  });
}

export function useResetInvite(gid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => teamsApi.resetLink(gid),
    onSuccess: (info) => queryClient.setQueryData(teamKeys.invite(gid), info),
  });
}

export function useApprovers(enabled = true) {
  return useQuery({
    queryKey: teamKeys.approvers(),
    queryFn: directoryApi.approvers,
    enabled,
    staleTime: 60_000,
  });
}

export function useSubmitApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalRequestBody) => directoryApi.submitApproval(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.approvals() }),
  });
}

export function useNotices() {
  return useQuery({
    queryKey: teamKeys.notices(),
    queryFn: () => noticesApi.list({ limit: 20 }),
    // Shares and team changes are pushed (applyTeamPush); the poll finds the rest (approvals).
    refetchInterval: 60_000,
  });
}

export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => noticesApi.markRead(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.notices() }),
  });
}
