import { type CallRequest, Calls } from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';
import './locale';

export const staffKeys = {
  all: ['staff'] as const,
  list: (userId: number) => [...staffKeys.all, 'list', userId] as const,
  roles: (userId: number) => [...staffKeys.all, 'roles', userId] as const,
};

/** `staff/list`: the company's people, the owner first. */
export function useStaffList() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: staffKeys.list(user?.userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.staffList, {}, { signal }),
    enabled: loggedIn,
  });
}

/** `role/list`: the company's roles with their permissions and holders. */
export function useRoles() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: staffKeys.roles(user?.userId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.roleList, {}, { signal }),
    enabled: loggedIn,
  });
}

/** Every staff change refreshes both lists (a role's holders count, an employee's roles). */
function useStaffMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}

export const useSaveStaff = () =>
  useStaffMutation((input: CallRequest<typeof Calls.staffSave>) => callApi(Calls.staffSave, input));
export const useDisableStaff = () =>
  useStaffMutation((input: CallRequest<typeof Calls.staffDisable>) => callApi(Calls.staffDisable, input));
export const useDeleteStaff = () =>
  useStaffMutation((input: CallRequest<typeof Calls.staffDelete>) => callApi(Calls.staffDelete, input));
export const useSaveRole = () =>
  useStaffMutation((input: CallRequest<typeof Calls.roleSave>) => callApi(Calls.roleSave, input));
export const useDeleteRole = () => useStaffMutation((id: number) => callApi(Calls.roleDelete, { id }));
/** `user/send_code` with purpose employee: the code goes to the new employee's phone (their consent). */
export const useSendEmployeeCode = () =>
  useMutation({ mutationFn: (phone: string) => callApi(Calls.sendCode, { phone, purpose: 'employee' }) });
