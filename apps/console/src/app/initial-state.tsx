/**
 * The initial state of spec §4: the current user and their permissions (the console's operation codes,
 * docs/decisions/032), loaded once; on the login routes no user is fetched. `refresh` is called after
 * logging in or switching tenant; the access table is built from both.
 */
import type { CurrentAccountEmployee } from '@yuexun/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import access, { type Access } from '../access';
import { type CurrentUserAnswer, reloadCurrentUser, takeCurrentUser } from './current-user';
import { hashPath } from './navigation';
import { PUBLIC_PATHS } from './public-paths';

export interface InitialState {
  currentUser?: CurrentAccountEmployee;
  /** The caller's permissions in the selected organisation (site ones from the vendor role). */
  permissions: readonly string[];
  loading: boolean;
  access: Access;
  refresh: () => Promise<CurrentAccountEmployee | undefined>;
  setCurrentUser: (user: CurrentAccountEmployee | undefined) => void;
}

const InitialStateContext = createContext<InitialState | null>(null);

export const InitialStateProvider = ({ children }: { children: ReactNode }) => {
  const [currentUser, setUser] = useState<CurrentAccountEmployee | undefined>();
  const [permissions, setPermissions] = useState<readonly string[]>([]);
  const [loading, setLoading] = useState(() => !PUBLIC_PATHS.includes(hashPath()));

  const load = useCallback(async (answer: () => Promise<CurrentUserAnswer>) => {
    setLoading(true);
    try {
      const { user, permissions: held } = await answer();
      setUser(user);
      setPermissions(held);
      return user;
    } finally {
      setLoading(false);
    }
  }, []);
  const refresh = useCallback(() => load(reloadCurrentUser), [load]);

  useEffect(() => {
    if (!PUBLIC_PATHS.includes(hashPath())) void load(takeCurrentUser);
    // Loaded once at start; later changes come through refresh().
  }, [load]);

  const setCurrentUser = useCallback((user: CurrentAccountEmployee | undefined) => {
    setUser(user);
    if (!user) setPermissions([]);
  }, []);

  const value = useMemo<InitialState>(
    () => ({
      currentUser,
      permissions,
      loading,
      access: access({ currentUser, permissions }),
      refresh,
      setCurrentUser,
    }),
    [currentUser, permissions, loading, refresh, setCurrentUser],
  );
  return <InitialStateContext.Provider value={value}>{children}</InitialStateContext.Provider>;
};

export const useInitialState = () => {
  const value = useContext(InitialStateContext);
  if (!value) throw new Error('useInitialState outside InitialStateProvider');
  return value;
};
