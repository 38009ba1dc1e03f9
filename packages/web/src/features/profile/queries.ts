import type { BindType, SelfUser, UserBrief } from '@cirrus/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../../api/account';
import { contactsApi, type UpdateSelfBody } from '../../api/contacts';
import { imagesApi } from '../../api/images';
import { authKeys } from '../auth/queries';

export const profileKeys = {
  all: ['profile'] as const,
  brief: (userId: number) => [...profileKeys.all, 'brief', userId] as const,
  favorites: () => [...profileKeys.all, 'favorites'] as const,
  identity: () => [...profileKeys.all, 'identity'] as const,
  bindStatus: () => [...profileKeys.all, 'bindStatus'] as const,
  mySpace: () => [...profileKeys.all, 'mySpace'] as const,
};

/** A user on the card (oneself included): GET /u/v1/companies/self/users/{id}/brief. */
export function useUserBrief(userId: number, enabled = true) {
  return useQuery({
    queryKey: profileKeys.brief(userId),
    queryFn: () => contactsApi.getUserBrief(userId),
    enabled,
    retry: false,
  });
}

export function useMySpace(enabled = true) {
  return useQuery({ queryKey: profileKeys.mySpace(), queryFn: imagesApi.mySpace, enabled, retry: false });
}

/** After an own-profile change: the answer is the new current user; the card reloads (spec 000 §4). */
function useOwnProfileRefresh() {
  const queryClient = useQueryClient();
  return (user: SelfUser) => {
    queryClient.setQueryData(authKeys.self(), user);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.brief(user.id) }),
      queryClient.invalidateQueries({ queryKey: profileKeys.bindStatus() }),
    ]);
  };
}

export function useUpdateSelf() {
  const refresh = useOwnProfileRefresh();
  return useMutation({
    mutationFn: (body: UpdateSelfBody) => contactsApi.updateSelf(body),
    onSuccess: refresh,
  });
}

export function useUpdateExtPhone() {
  const refresh = useOwnProfileRefresh();
  return useMutation({
    mutationFn: (value: string) => contactsApi.updateExtPhone(value),
    onSuccess: refresh,
  });
}

export function useRequestBindCode() {
  return useMutation({
    mutationFn: ({ type, value }: { type: BindType; value: string }) => accountApi.bindCode(type, value),
  });
}

export function useToggleFavorite(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) =>
      favorite
        ? contactsApi.addFavorite(4, userId).then(() => undefined)
        : contactsApi.removeFavorite(4, userId),
    onMutate: (favorite) => {
      // The star answers at once; the server's answer confirms it.
      queryClient.setQueryData<UserBrief>(
        profileKeys.brief(userId),
        (old) => old && { ...old, is_favorite: favorite },
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.brief(userId) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.favorites() }),
      ]),
  });
}

/** Crops are turned into a png by the cropper; this sends it by the two-step upload of spec 000 §7. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (png: Blob) => imagesApi.upload(await imagesApi.avatarUploadAddress(), png),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.self() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: accountApi.changePassword });
}

export function useIdentity(enabled: boolean) {
  return useQuery({ queryKey: profileKeys.identity(), queryFn: accountApi.identity, enabled });
}

export function useSubmitIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.submitIdentity,
    onSuccess: (state) => queryClient.setQueryData(profileKeys.identity(), state),
  });
}
