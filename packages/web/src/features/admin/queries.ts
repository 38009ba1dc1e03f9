/**
 * The console's server state (adminKeys) and its hooks over adminApi. Every mutation invalidates
 * what it changes; settings changes also refresh the app's own settings query, so the console's
 * user sees them at once, as everyone else does at their next settings call.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, type PageQuery, type PeopleQuery, type ReportFilter } from '../../api/admin';
import { ApiError } from '../../api/http';
import { useNotify } from '../../components/useNotify';
import { settingsKeys } from '../settings/queries';

export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  users: (q?: PeopleQuery) => [...adminKeys.all, 'users', q ?? {}] as const,
  depts: () => [...adminKeys.all, 'depts'] as const,
  quotas: () => [...adminKeys.all, 'quotas'] as const,
  usage: (kind?: string, q?: PageQuery) => [...adminKeys.all, 'usage', kind ?? '', q ?? {}] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  approvers: () => [...adminKeys.all, 'approvers'] as const,
  reports: (status?: ReportFilter, q?: PageQuery) =>
    [...adminKeys.all, 'reports', status ?? '', q ?? {}] as const,
  feedback: (status?: string, q?: PageQuery) =>
    [...adminKeys.all, 'feedback', status ?? '', q ?? {}] as const,
  identities: (status?: string, q?: PageQuery) =>
    [...adminKeys.all, 'identities', status ?? '', q ?? {}] as const,
  outbox: (q?: object) => [...adminKeys.all, 'outbox', q ?? {}] as const,
  audit: (q?: object) => [...adminKeys.all, 'audit', q ?? {}] as const,
};

/** Who the console's user is there; a 404 means they may not open it. */
export function useAdminMe() {
  return useQuery({
    queryKey: adminKeys.me(),
    queryFn: adminApi.me,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: 60_000,
  });
}

// Others change what the console shows (reports, appeals, feedback arrive any time): its lists are
// fetched again whenever shown, rather than after the app's usual 30 s.
const paged = { placeholderData: keepPreviousData, staleTime: 0 } as const;

export const usePeople = (q: PeopleQuery) =>
  useQuery({ queryKey: adminKeys.users(q), queryFn: () => adminApi.users(q), ...paged });
export const useDepts = () =>
  useQuery({ queryKey: adminKeys.depts(), queryFn: adminApi.depts, staleTime: 0 });
export const useQuotas = () =>
  useQuery({ queryKey: adminKeys.quotas(), queryFn: adminApi.quotas, staleTime: 0 });
export const useUsage = (kind: 'user' | 'group' | 'dept', q: PageQuery) =>
  useQuery({ queryKey: adminKeys.usage(kind, q), queryFn: () => adminApi.usage(kind, q), ...paged });
export const useApprovers = () =>
  useQuery({ queryKey: adminKeys.approvers(), queryFn: adminApi.approvers, staleTime: 0 });
export const useAdminSettings = () =>
  useQuery({ queryKey: adminKeys.settings(), queryFn: adminApi.settings, staleTime: 0 });
export const useReports = (status: ReportFilter, q: PageQuery) =>
  useQuery({ queryKey: adminKeys.reports(status, q), queryFn: () => adminApi.reports(status, q), ...paged });
export const useFeedbackInbox = (status: 'open' | 'handled' | 'all', q: PageQuery) =>
  useQuery({
    queryKey: adminKeys.feedback(status, q),
    queryFn: () => adminApi.feedback(status, q),
    ...paged,
  });
export const useIdentities = (status: string | undefined, q: PageQuery) =>
  useQuery({
    queryKey: adminKeys.identities(status, q),
    queryFn: () => adminApi.identities(status, q),
    ...paged,
  });
export const useOutbox = (q: PageQuery & { recipient?: string; state?: string }) =>
  useQuery({ queryKey: adminKeys.outbox(q), queryFn: () => adminApi.outbox(q), ...paged });
export const useAudit = (q: PageQuery & { q?: string }) =>
  useQuery({ queryKey: adminKeys.audit(q), queryFn: () => adminApi.audit(q), ...paged });

/**
 * A console change: on success the areas it touches are fetched again (`areas` are adminKeys
 * prefixes; the audit log always, as every change writes it); a refusal is shown as a toast.
 */
export function useAdminMutation<A, R>(fn: (args: A) => Promise<R>, areas: (keyof typeof adminKeys)[]) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: fn,
    // Refusals are told through the shared error lookup (spec 002 §8).
    onError: (error) => notify.error(error),
    onSuccess: async () => {
      await Promise.all(
        [...areas, 'audit' as const].map((area) =>
          queryClient.invalidateQueries({ queryKey: [...adminKeys.all, area] }),
        ),
      );
      if (areas.includes('settings')) await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
