/** What every route module receives from buildApp. */
import type { Config } from '../config';
import type { Db } from '../db';
import type { Mailer } from '../mail/mailer';
import type { Housekeeping } from '../security/retention';
import type { SignInThrottle } from '../security/throttle';

export interface AppContext {
  config: Config;
  db: Db;
  /** epoch ms; the only source of time on the server */
  clock: () => number;
  throttle: SignInThrottle;
  mailer: Mailer;
  /** deletes rows past their retention (security/retention.ts), now and then */
  housekeeping?: Housekeeping;
}
