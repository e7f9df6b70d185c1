/**
 * The initial state of spec §4: the current user, loaded once; on the login routes no user is fetched.
 * `refresh` is called after logging in or switching tenant.
 */
import type { CurrentAccountEmployee } from '@yuexun/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import access, { type AccessTable } from '../access';
import { hashPath } from './navigation';
import { PUBLIC_PATHS } from './public-paths';

export interface InitialState {
  currentUser?: CurrentAccountEmployee;
  loading: boolean;
  access: AccessTable;
  refresh: () => Promise<CurrentAccountEmployee | undefined>;
  setCurrentUser: (user: CurrentAccountEmployee | undefined) => void;
}

const InitialStateContext = createContext<InitialState | null>(null);

const fetchCurrentUser = async () => {
  const { queryCurrentUser } = await import('../services/account');
  return queryCurrentUser();
};

export const InitialStateProvider = ({ children }: { children: ReactNode }) => {
  const [currentUser, setCurrentUser] = useState<CurrentAccountEmployee | undefined>();
  const [loading, setLoading] = useState(() => !PUBLIC_PATHS.includes(hashPath()));

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const user = await fetchCurrentUser();
      setCurrentUser(user);
      return user;
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!PUBLIC_PATHS.includes(hashPath())) void refresh();
    // Loaded once at start; later changes come through refresh().
  }, [refresh]);

  const value = useMemo<InitialState>(
    () => ({ currentUser, loading, access: access({ currentUser }), refresh, setCurrentUser }),
    [currentUser, loading, refresh],
  );
  return <InitialStateContext.Provider value={value}>{children}</InitialStateContext.Provider>;
};

export const useInitialState = () => {
  const value = useContext(InitialStateContext);
  if (!value) throw new Error('useInitialState outside InitialStateProvider');
  return value;
};
