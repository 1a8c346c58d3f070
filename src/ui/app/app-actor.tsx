import { createContext, useContext } from 'react';
import { childrenOf, type AppActor } from '../../machines/app/app.machine';

export type { AppActor };

const AppActorContext = createContext<AppActor | null>(null);

/** Provides the one running app actor (created at boot) to every hook. */
export const AppActorProvider = AppActorContext.Provider;

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor needs <AppActorProvider>');
  return actor;
}

/** The long-lived children (`childrenOf`); their refs never change. */
export function useAppChildren() {
  return childrenOf(useAppActor());
}
