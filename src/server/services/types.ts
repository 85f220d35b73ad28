/** The shape of an in-process service module: a table of routes. */
import type { FastifyBaseLogger } from 'fastify';
import type { AnySchema } from 'yup';
import type { ProxyMethod } from '../../common/constants';
import type { SessionIdentity } from '../../common/types';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Mailer } from '../mail/mailer';

/** public: anyone; user: a signed-in user; system: only with useSystem=true; or a permission (SPEC §6). */
export type RouteAccess = 'public' | 'user' | 'system' | { permission: string };

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface ServiceContext {
  /** the signed-in user, or null on a public/system call without a session */
  identity: SessionIdentity | null;
  /** true when a system caller (SYSTEM_KEYS credential) made the call with useSystem on a route that allows it */
  system: boolean;
  /** path parameters, e.g. { slug } for '/modules/:slug' */
  params: Record<string, string>;
  /** the proxy request's `params` (query) */
  query: Record<string, string | number | boolean>;
  /** the payload, already validated (and cast) by the route's payloadSchema when it has one */
  payload: unknown;
  files: UploadedFile[];
  db: Db;
  config: Config;
  clock: () => number;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** the caller's IP (X-Forwarded-For only with TRUST_PROXY), for rate limits */
  ip: string;
  /** the caller's (checked) app key, e.g. for a session started by a route */
  appKey: string;
  /** the id of the caller's session when signed in */
  sessionId: string | null;
  /** the caller's Accept-Language header, for words written to a person (server/i18n requestLanguage) */
  acceptLanguage?: string;
}

export interface ServiceResult {
  status?: number;
  body?: unknown;
}

/** A route that takes files through POST /api/service/multipart (any other route refuses a form). */
export interface UploadRule {
  /** the most bytes of files one request may send (also bounded by UPLOAD_MAX_BYTES) */
  maxBytes: number;
  /**
   * Runs once the caller, the route and the payload are checked and before any file is read
   * (ctx.files is empty): throws to refuse the upload without reading it.
   */
  check?(ctx: ServiceContext): Promise<void>;
}

export interface ServiceRoute {
  method: ProxyMethod;
  /** '/segment/:param/…' */
  path: string;
  access: RouteAccess;
  /** may the caller ask for useSystem? (always true for access 'system'); needs a system credential too */
  allowSystem?: boolean;
  /** served to a session signed in with a temporary password (http/authenticate.ts refuseWhileTemporaryPassword): the password change only */
  whileTemporaryPassword?: boolean;
  payloadSchema?: AnySchema;
  /** set when the route takes files (multipart) */
  uploads?: UploadRule;
  /**
   * returns the JSON body (status 200), or { status, body } via `result()`. Absent: only the
   * service's upstream (SERVICE_<NAME>_URL) serves the route; without one it is an unknown route.
   */
  handler?(ctx: ServiceContext): Promise<unknown>;
}

export interface ServiceModule {
  routes: readonly ServiceRoute[];
}

/**
 * A GET's answer known by its tag before it is made (a validator far cheaper than the answer, such
 * as the class dashboard's): the proxy answers 304 when the caller's If-None-Match names `etag`,
 * and only otherwise calls `make` and sends its JSON under that tag.
 */
export class Tagged {
  constructor(
    readonly etag: string,
    readonly make: () => Promise<object>,
  ) {}
}

/** Lets a handler choose its status code (and, for a file such as a CSV, its headers). */
export class Result implements ServiceResult {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers?: Readonly<Record<string, string>>,
  ) {}
}
