/** Helpers for the accounts API tests: proxy calls and the latest outbox mail. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db';
import { createAccessCodes } from '../../../src/server/services/accounts/admin';
import { serviceCall } from './testApp';

export function service(app: FastifyInstance, method: string, path: string, payload?: unknown, token?: string, ip?: string) {
  return serviceCall(app, method, path, { token, payload, ip });
}

export async function lastMail(db: Db, to?: string) {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc');
  if (to) query = query.where('to_address', '=', to);
  return query.executeTakeFirst();
}

export function codeFromMail(text: string): string {
  const match = /Your code: (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail: ${text}`);
  return match[1];
}

export async function newCode(db: Db, now: number, options: { seats?: number; expiresAt?: number | null; school?: string; product?: string } = {}): Promise<string> {
  const [code] = await createAccessCodes(
    db,
    { school: options.school ?? 'ROOSEVELT-AC', product: options.product ?? 'CASHWISE', seats: options.seats ?? 30, expiresAt: options.expiresAt ?? null, count: 1 },
    now,
  );
  return code as string;
}
