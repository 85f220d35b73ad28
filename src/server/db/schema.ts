/** Kysely table types. Times are epoch milliseconds (bigint on PostgreSQL, read back as numbers). */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface ClientsTable {
  id: Generated<number>;
  lsclient_id: string;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  /** stored lower-case; sign-in compares lower-case */
  user_name: string;
  email: string;
  timezone: string | null;
  password_hash: string;
  created_at: number;
}

export interface UserClientsTable {
  user_id: number;
  client_id: number;
  /** 0 is the current school */
  position: number;
}

export interface UserPermissionsTable {
  user_id: number;
  permission: string;
}

export interface SessionsTable {
  /** the token's jti */
  id: string;
  user_id: number;
  app_key: string;
  created_at: number;
  last_activity_at: number;
  expires_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
  replaced_by: string | null;
}

export interface SignInAttemptsTable {
  id: Generated<number>;
  /** `user:<name>` or `ip:<address>` */
  key: string;
  attempted_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  created_at: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  purpose: string;
  /** when a transport handed it on; null while it only sits in the outbox */
  sent_at: number | null;
}

/** A learner's budget (issue #7): data is the BudgetData JSON; version counts saves. */
export interface BudgetsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  month: string;
  /** 'draft' | 'complete' */
  status: string;
  data: string;
  version: number;
  created_at: number;
  updated_at: number;
  /** soft delete (undo clears it) */
  deleted_at: number | null;
}

/** A learner's worksheet (issue #7): kind is a WorksheetKind, data its JSON. */
export interface WorksheetsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  data: string;
  version: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  user_clients: UserClientsTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  outbox: OutboxTable;
  budgets: BudgetsTable;
  worksheets: WorksheetsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
