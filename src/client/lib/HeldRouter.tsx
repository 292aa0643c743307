/**
 * The app's router: react-router's `<Router>` over a history that can hold navigations (lib/heldHistory.ts), as
 * `<BrowserRouter>` is over a plain one, and the hook with which a page holds them (`useNavigationHold`, in place of
 * the data router's `useBlocker`).
 */
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';
import { Router } from 'react-router-dom';
import { UNBLOCKED, type HeldHistory, type Hold, type HoldFunction } from './heldHistory';

const HeldHistoryContext = createContext<HeldHistory | null>(null);

export function HeldRouter({ history, children }: { history: HeldHistory; children: ReactNode }) {
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  // A transition, as BrowserRouter's: the next page renders in slices, a slow phone stays responsive.
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <HeldHistoryContext value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </HeldHistoryContext>
  );
}

/**
 * Holds the navigations `when` says (a stable function: wrap it in useCallback) while the calling component is
 * mounted; returns the held one, to `proceed` with or `reset`, as `useBlocker` does.
 */
export function useNavigationHold(when: HoldFunction): Hold {
  const history = useContext(HeldHistoryContext);
  if (!history) throw new Error('useNavigationHold needs a <HeldRouter> above it');
  const [hold, setHold] = useState<Hold>(UNBLOCKED);
  useEffect(() => history.hold(when, setHold), [history, when]);
  return hold;
}
