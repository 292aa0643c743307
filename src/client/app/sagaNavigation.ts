import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { navigationDone, selectNavigation } from '../lib/navigation';
import { useAppDispatch, useAppSelector } from './hooks';

/** Perform the navigation a saga asked for (lib/navigation); mounted once, in App, so every page follows it. */
export function useSagaNavigation(): void {
  const navigation = useAppSelector(selectNavigation);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!navigation) return;
    dispatch(navigationDone());
    navigate(navigation.to, { replace: navigation.replace });
  }, [navigation, dispatch, navigate]);
}
