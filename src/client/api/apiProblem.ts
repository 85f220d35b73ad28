/**
 * Every failed call as a typed union (SPEC S8.03: the message is response.data.message, else the
 * error's message).
 */
import axios from 'axios';
import { isTimeoutError } from './http';

export type ApiProblemKind = 'unauthorized' | 'timeout' | 'network' | 'server' | 'client';

export interface ApiProblem {
  kind: ApiProblemKind;
  status?: number;
  message: string;
  /** From a 429's Retry-After header, in seconds. */
  retryAfterSeconds?: number;
}

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
    const problem: ApiProblem = {
      kind: status === 401 ? 'unauthorized' : status >= 500 ? 'server' : 'client',
      status,
      message,
    };
    const seconds = retryAfter(error.response?.headers?.['retry-after']);
    if (seconds !== undefined) problem.retryAfterSeconds = seconds;
    return problem;
  }
  return { kind: 'client', message: error instanceof Error ? error.message : String(error) };
}
