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
  /** true when the call was made with useSystem on a route that allows it */
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
  /** the caller's IP address (from X-Forwarded-For only with TRUST_PROXY), for per-IP limits */
  ip: string;
}

export interface ServiceResult {
  status?: number;
  body?: unknown;
}

export interface ServiceRoute {
  method: ProxyMethod;
  /** '/segment/:param/…' */
  path: string;
  access: RouteAccess;
  /** may the caller ask for useSystem? (always true for access 'system') */
  allowSystem?: boolean;
  payloadSchema?: AnySchema;
  /** returns the JSON body (status 200), or { status, body } via `result()` */
  handler(ctx: ServiceContext): Promise<unknown>;
}

export interface ServiceModule {
  routes: readonly ServiceRoute[];
}

/** Lets a handler choose its status code. */
export class Result implements ServiceResult {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}
