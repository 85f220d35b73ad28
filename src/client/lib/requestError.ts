/**
 * What a page keeps of a failed call: the message to show (SPEC S8.03: the server's, else the
 * error's) and the HTTP status when the server answered, so a page can word some answers itself.
 * The profile, password, registration and knowledge-base slices hold their errors in this shape.
 */
import { toApiProblem } from '../api/apiProblem';

export interface RequestError {
  /** absent when no answer came (network, timeout) */
  status?: number;
  message: string;
}

export function toRequestError(error: unknown): RequestError {
  const problem = toApiProblem(error);
  return problem.status !== undefined ? { status: problem.status, message: problem.message } : { message: problem.message };
}
