/**
 * The school administration pages' way to the area's state: a resource loaded by key (again when the
 * params or the picked school change) and the one admin action under way.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  adminActionCleared,
  adminActionRequested,
  adminLoadRequested,
  selectAdminAction,
  selectAdminResource,
  selectAdminSchool,
  type AdminActionRequest,
  type AdminResourceKey,
  type SchoolAdminRootState,
} from './slice';

/** Loads `key` from `path` whenever the params or the picked school change; the resource's answer. */
export function useAdminResource<T>(key: AdminResourceKey, path: string, params: Record<string, string | number> = {}) {
  const dispatch = useAppDispatch();
  const school = useAppSelector(selectAdminSchool);
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    dispatch(adminLoadRequested({ key, path, params: JSON.parse(paramsKey) as Record<string, string | number> }));
  }, [dispatch, key, path, paramsKey, school]);
  const resource = useAppSelector((state: SchoolAdminRootState) => selectAdminResource(state, key));
  return { status: resource?.status ?? 'loading', data: (resource?.data ?? null) as T | null, error: resource?.error ?? null };
}

export function useAct() {
  const dispatch = useAppDispatch();
  const action = useAppSelector(selectAdminAction);
  return { action, act: (request: AdminActionRequest) => dispatch(adminActionRequested(request)), clear: () => dispatch(adminActionCleared()) };
}
