/**
 * Every failed call as a typed union (SPEC S8.03: the message is response.data.message, else the
 * error's message).
 */
import { createAction } from '@reduxjs/toolkit';
import axios from 'axios';
import { isTimeoutError } from './http';

export type ApiProblemKind = 'unauthorized' | 'timeout' | 'network' | 'server' | 'client';

interface ProblemFields {
  /** What the student reads: the server's message, else the error's (SPEC S8.03). */
  message: string;
  /** From a 429's Retry-After header, in seconds. */
  retryAfterSeconds?: number;
}

/**
 * The one shape of a failure on the client: every failed action carries it (as its payload or its
 * payload's `error`), and the notification bridge turns the ones marked with `withToast` into toasts.
 * No answer (network, timeout) has no status; a thrown non-HTTP error is a `client` problem without one.
 */
export type ApiProblem =
  | (ProblemFields & { kind: 'network' | 'timeout'; status?: undefined })
  | (ProblemFields & { kind: 'unauthorized'; status: 401 })
  | (ProblemFields & { kind: 'server'; status: number })
  | (ProblemFields & { kind: 'client'; status?: number });

/** What the shared API saga throws. */
export class ApiError extends Error {
  readonly problem: ApiProblem;
  constructor(problem: ApiProblem) {
    super(problem.message);
    this.name = 'ApiError';
    this.problem = problem;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function retryAfter(value: unknown): number | undefined {
  if (value == null) return undefined;
  // Delta-seconds only; an HTTP date would need the clock, and our server sends seconds.
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

export function toApiProblem(error: unknown): ApiProblem {
  if (error instanceof ApiError) return error.problem;
  if (axios.isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    const message =
      data && typeof data === 'object' && typeof data.message === 'string' && data.message
        ? data.message
        : error.message;
    if (isTimeoutError(error)) return { kind: 'timeout', message };
    const status = error.response?.status;
    if (status == null) return { kind: 'network', message };
    const problem: ApiProblem =
      status === 401 ? { kind: 'unauthorized', status, message } : status >= 500 ? { kind: 'server', status, message } : { kind: 'client', status, message };
    const seconds = retryAfter(error.response?.headers?.['retry-after']);
    if (seconds !== undefined) problem.retryAfterSeconds = seconds;
    return problem;
  }
  return { kind: 'client', message: error instanceof Error ? error.message : String(error) };
}

const PROBLEM_KINDS: readonly string[] = ['unauthorized', 'timeout', 'network', 'server', 'client'] satisfies ApiProblemKind[];

export function isApiProblem(value: unknown): value is ApiProblem {
  if (!value || typeof value !== 'object') return false;
  const { kind, message } = value as { kind?: unknown; message?: unknown };
  return typeof kind === 'string' && PROBLEM_KINDS.includes(kind) && typeof message === 'string';
}

/**
 * How a failure reaches the student as a toast (the notification bridge, features/notifications).
 * Defaults: severity error, summary 'Error', the problem's message as the detail; `detail: null`
 * shows none.
 */
export interface ProblemToast {
  severity?: 'error' | 'warn';
  summary?: string;
  detail?: string | null;
  life?: number;
  position?: 'default' | 'support';
  group?: string;
}

/** A failed action that should reach the student: the bridge shows it as a toast. */
export function withToast<A extends { type: string }>(action: A, toast: ProblemToast = {}): A & { meta: { toast: ProblemToast } } {
  return { ...action, meta: { ...(action as { meta?: object }).meta, toast } };
}

/** A failure with no state to record it in (the shared API saga's `showErrors`, a one-off request): only a toast. */
export const problemRaised = createAction('api/problemRaised', (problem: ApiProblem, toast: ProblemToast = {}) => ({
  payload: problem,
  meta: { toast },
}));

/** The problem a failed action carries (as its payload or its payload's `error`), shown or not. */
export function problemOf(action: unknown): ApiProblem | null {
  if (!action || typeof action !== 'object') return null;
  const { payload } = action as { payload?: unknown };
  if (isApiProblem(payload)) return payload;
  const error = payload && typeof payload === 'object' ? (payload as { error?: unknown }).error : undefined;
  return isApiProblem(error) ? error : null;
}

/** The problem and its toast, when an action is a failure that should reach the student. */
export function failureToShow(action: unknown): { problem: ApiProblem; toast: ProblemToast } | null {
  if (!action || typeof action !== 'object') return null;
  const toast = (action as { meta?: { toast?: ProblemToast } }).meta?.toast;
  if (!toast || typeof toast !== 'object') return null;
  const problem = problemOf(action);
  return problem ? { problem, toast } : null;
}
