import type { UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';

/** A page that loads its data when it opens: dispatch `request()` once (its saga decides what to ask for). */
export function useRequestOnOpen(request: () => UnknownAction): void {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(request());
  }, [dispatch, request]);
}
