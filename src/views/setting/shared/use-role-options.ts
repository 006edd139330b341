import { useMemo } from 'react';
import { useLoadError } from '../../../components/use-action';
import { useRemote } from '../../../components/use-remote';
import { listRole } from './authorization-api';

/** A role as a select or checkbox option. */
export interface RoleOption {
  readonly value: number;
  readonly label: string;
}

/**
 * All roles of the tenant as options (user forms, role assignment, copying permissions).
 * `exclude` drops one role (the one being copied into).
 */
export function useRoleOptions(exclude?: number): { readonly options: RoleOption[]; readonly loading: boolean } {
  const remote = useRemote(() => listRole(''), 'roles');
  useLoadError(remote.error);
  const options = useMemo(
    () => (remote.data ?? []).filter((role) => role.roleId !== exclude).map((role) => ({ value: role.roleId, label: role.name })),
    [remote.data, exclude],
  );
  return { options, loading: remote.loading };
}
