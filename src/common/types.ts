/** The API contract shared by the SPA and the server (SPEC §3, §7). */
import type { Language } from './language';
import type { NotificationSeverity, ProxyMethod, ServiceName } from './constants';

/** SPEC §3: a user. `timezone` defaults to America/Chicago when absent. */
export interface User {
  id: number;
  firstName: string;
  lastName: string;
  userName: string;
  userEmail: string;
  timezone: string;
  /** The language the person chose (saved in their profile); absent until they choose one. */
  language?: Language;
}

/** SPEC §3: a client (school). `lsclientID` is compared case-insensitively. */
export interface Client {
  lsclientID: string;
  clientName: string;
}

/** SPEC §3: the stored session (localStorage `cc:auth`). */
export interface Session {
  token: string;
  user: User;
  clients: Client[];
  permissions: string[];
  /**
   * Present (true) only while the password is a temporary one a teacher gave: the SPA sends the
   * user to change it (PUT /me/password clears it). Absent otherwise, so SPEC §3's shape is unchanged.
   */
  mustChangePassword?: true;
  /**
   * Present (true) only when the current school turned off Get Help's minute before a request: the
   * SPA then keeps nothing of the page before the recording box is ticked (docs/privacy.md).
   */
  helpBufferOff?: true;
}

/** SPEC §3: GET /api. */
export interface EnvInfo {
  appbadge: string;
  env: string;
}

/** SPEC §3: the sign-in payload of POST /api/auth. */
export interface SignInPayload {
  username: string;
  password: string;
  appKey: string;
}

/** The envelope the auth routes answer with (SPEC §7: "read from its body field if present"). */
export interface Envelope<T> {
  body: T;
}

/** GET /api/auth/user: the signed-in user's identity, without a token. */
export type SessionIdentity = Omit<Session, 'token'>;

/** SPEC §3: support request and response. */
export interface SupportRequest {
  name: string;
  email: string;
  subject: string;
  description: string;
  useragent: string;
  url: string;
}

/** SPEC §3: notification request. */
export interface NotificationRequest {
  severity?: NotificationSeverity;
  summary?: string;
  detail?: string;
  closable?: boolean;
  life?: number;
  group?: string;
}

/** SPEC §7: the body of POST /api/service. */
export interface ProxyRequest {
  service?: ServiceName;
  method?: ProxyMethod;
  path: string;
  payload?: unknown;
  params?: Record<string, string | number | boolean>;
  useSystem?: boolean;
  timeout?: number;
}
