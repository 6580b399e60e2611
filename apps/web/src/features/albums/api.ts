import { Calls, CodeFlag, type TAlbumDetail, type TAlbumList } from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';
import './locale';

export const albumKeys = {
  all: ['albums'] as const,
  list: (userId: number) => [...albumKeys.all, 'list', userId] as const,
  detail: (userId: number, id: number) => [...albumKeys.all, 'detail', userId, id] as const,
  company: (rootId: number) => [...albumKeys.all, 'company', rootId] as const,
};

function useUserId() {
  return useSession().user?.userId ?? 0;
}

/** `user_center/album/list` (album_manager). */
export function useAlbums() {
  const { loggedIn } = useSession();
  const userId = useUserId();
  return useQuery({
    queryKey: albumKeys.list(userId),
    queryFn: ({ signal }) => callApi(Calls.albumList, {}, { signal }),
    enabled: loggedIn,
  });
}

/** `user_center/album/pictures` (album_picture_manager). */
export function useAlbum(id: number) {
  const { loggedIn } = useSession();
  const userId = useUserId();
  return useQuery({
    queryKey: albumKeys.detail(userId, id),
    // A missing album or another company's is shown in the page, not as a toast.
    queryFn: ({ signal }) =>
      callApi(Calls.albumPictures, { id }, { signal, quietCodeFlags: [CodeFlag.notFound, CodeFlag.forbidden] }),
    enabled: loggedIn && id > 0,
  });
}

/** Album list edits answer the whole list: it is put in place at once. */
function useListMutation<I>(call: (input: I) => Promise<TAlbumList>) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => {
      queryClient.setQueryData(albumKeys.list(userId), list);
      void queryClient.invalidateQueries({ queryKey: [...albumKeys.all, 'detail', userId] });
    },
  });
}

export const useCreateAlbum = () =>
  useListMutation((name: string) => callApi(Calls.albumCreate, { name }, { showLoading: true }));
export const useRenameAlbum = () =>
  useListMutation((input: { id: number; name: string }) => callApi(Calls.albumRename, input, { showLoading: true }));
export const useDeleteAlbum = () =>
  useListMutation((id: number) => callApi(Calls.albumDelete, { id }, { showLoading: true }));

/** Picture edits answer the album: it is put in place, and the list's counts and covers asked again. */
function useDetailMutation<I>(id: number, call: (input: I) => Promise<TAlbumDetail>) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(albumKeys.detail(userId, id), detail);
      void queryClient.invalidateQueries({ queryKey: albumKeys.list(userId) });
    },
    // Another device may have changed the album: show what the server holds now.
    onError: () => void queryClient.invalidateQueries({ queryKey: albumKeys.detail(userId, id) }),
  });
}

export const useAddPictures = (id: number) =>
  useDetailMutation(id, (fileIds: number[]) => callApi(Calls.albumAddPictures, { id, fileIds }, { showLoading: true }));
export const useRemovePictures = (id: number) =>
  useDetailMutation(id, (pictureIds: number[]) =>
    callApi(Calls.albumRemovePictures, { id, pictureIds }, { showLoading: true }),
  );
export const useOrderPictures = (id: number) =>
  useDetailMutation(id, (pictureIds: number[]) => callApi(Calls.albumOrderPictures, { id, pictureIds }));
export const useSetCover = (id: number) =>
  useDetailMutation(id, (pictureId: number) => callApi(Calls.albumSetCover, { id, pictureId }, { showLoading: true }));

/** `company/albums` (shop_album): anyone may look. */
export function useCompanyAlbums(rootId: number) {
  return useQuery({
    queryKey: albumKeys.company(rootId),
    queryFn: ({ signal }) =>
      callApi(Calls.companyAlbums, { rootId }, { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] }),
    enabled: rootId > 0,
  });
}
