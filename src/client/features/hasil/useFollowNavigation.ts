import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectNavigateTo } from './selectors';
import { navigationDone } from './slice';

/** Go where a saga of this feature asked to go (e.g. the review sheet once its review is loaded). */
export function useFollowNavigation(): void {
  const to = useAppSelector(selectNavigateTo);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (to === null) return;
    dispatch(navigationDone());
    navigate(to);
  }, [to, navigate, dispatch]);
}
