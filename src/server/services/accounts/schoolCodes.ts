/**
 * A school's codes as its administrator sees them: the school's access codes and its classes' class
 * codes, each with its seats used and whether it works. The overview's counts, the codes list and
 * the printed sheet all read this list, so they cannot disagree.
 */
import { formatAccessCode } from '../../../common/accounts';
import type { AdminAccessCode, CodeStatus } from '../../../common/schoolAdmin';
import type { Db } from '../../db';
import { schoolCodeRows } from './codesRepository';

/** How many codes the list holds: far more than a school has working at once. */
export const SCHOOL_CODES_LIMIT = 500;

export interface CodeFacts {
  seats: number;
  /** the code's redemptions */
  used: number;
  expiresAt: number | null;
  /** the code's class, if it is a class code */
  classArchivedAt: number | null;
  isClassCode: boolean;
  /** the students in the code's class now (left_at null) */
  enrolled: number;
}

/**
 * Seats used and status. A class's students also come in by the teacher, the roster or an earlier
 * class code, and leave, so a working class code's seats used are its class's students now, not its
 * redemption counter; a stopped code keeps its redemptions. Expiry as redemption reads it
 * (accessCodes.ts checkAccessCode): it stops at `expiresAt`.
 */
export function codeState(code: CodeFacts, now: number): { used: number; status: CodeStatus } {
  if (code.classArchivedAt !== null) return { used: code.used, status: 'archived' };
  if (code.expiresAt !== null && now >= code.expiresAt) return { used: code.used, status: 'stopped' };
  const used = code.isClassCode ? code.enrolled : code.used;
  return { used, status: used < code.seats ? 'working' : 'full' };
}

/** The school's codes: the ones that may still work first, then newest first. */
export async function schoolCodes(db: Db, schoolId: number, now: number): Promise<AdminAccessCode[]> {
  const rows = await schoolCodeRows(db, schoolId, now, SCHOOL_CODES_LIMIT);
  return rows.map((r) => {
    const expiresAt = r.expires_at === null ? null : Number(r.expires_at);
    const facts: CodeFacts = {
      seats: Number(r.seats),
      used: Number(r.used),
      expiresAt,
      classArchivedAt: r.class_archived_at === null || r.class_archived_at === undefined ? null : Number(r.class_archived_at),
      isClassCode: r.class_id !== null,
      enrolled: Number(r.enrolled ?? 0),
    };
    return { id: r.id, code: formatAccessCode(r.code), seats: facts.seats, ...codeState(facts, now), expiresAt, className: r.class_name ?? null, createdAt: Number(r.created_at) };
  });
}

/** How many of the codes work: the school's access codes and the classes' class codes. */
export function workingCounts(codes: readonly AdminAccessCode[]): { accessCodes: number; classCodes: number } {
  const working = codes.filter((c) => c.status === 'working');
  return { accessCodes: working.filter((c) => c.className === null).length, classCodes: working.filter((c) => c.className !== null).length };
}
