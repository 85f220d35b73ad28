/** The school administration pages' one hook: saying that a page (or a part of one) opened. */
import { useEffect } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectAdminSchool } from './selectors';

/**
 * Puts `opened(payload)` when the page shows, and again when the payload (a search, a page of a
 * list: keep it the same object until it changes) or the school picked changes, so the sagas load
 * what the page shows for that school.
 */
export function useOpened(opened: () => UnknownAction): void;
export function useOpened<P>(opened: (payload: P) => UnknownAction, payload: P): void;
export function useOpened<P>(opened: (payload?: P) => UnknownAction, payload?: P): void {
  const dispatch = useAppDispatch();
  const school = useAppSelector(selectAdminSchool);
  useEffect(() => {
    dispatch(opened(payload));
  }, [dispatch, opened, payload, school]);
}
