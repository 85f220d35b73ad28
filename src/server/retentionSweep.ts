/**
 * Retention by the clock, not by traffic (SECURITY.md "What is stored and for how long"): every
 * server process deletes what is past its retention when it starts and then every
 * RETENTION_SWEEP_INTERVAL_MS, whether or not anyone signs in or writes a ticket. Without it a school
 * with no support traffic kept the recordings of minors past RECORDING_RETENTION_DAYS, and the
 * other rows waited for the next sign-in's housekeeping.
 *
 * Several instances (cluster workers, servers on one PostgreSQL) each run it: every step is a
 * DELETE … WHERE <time> < <cutoff>, so two sweeps at once delete each row once and the later finds
 * nothing; no lock is needed. The time is the app's clock (deps.clock), so tests move it by hand.
 */
import type { Db } from './db';
import { purgeExpired, type PurgeCounts } from './security/retention';
import { DEFAULT_AUDIT_RETENTION_DAYS, purgeExpiredAudit } from './services/audit/retention';
import { purgeExpiredRecordings } from './services/support/repository';
import { purgeSchoolRetention } from './services/schoolSettings';

/** At least hourly (the retention rules are in days; an hour late is within them). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60_000;

export type SweepCounts = PurgeCounts & { recordings: number; auditEntries: number };

/** What a sweep needs: the database, the recordings' retention and the clock. */
export interface SweepOptions {
  db: Db;
  recordingRetentionMs: number;
  /** AUDIT_RETENTION_DAYS; default 730 days */
  auditRetentionMs?: number;
  clock: () => number;
  /** Where a failed sweep is reported (the next one tries again). */
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  intervalMs?: number;
  /** setInterval/clearInterval; tests pass their own. */
  timers?: { setInterval(tick: () => Promise<unknown>, ms: number): unknown; clearInterval(handle: unknown): void };
}

/**
 * One sweep at `now`: everything past its retention, recordings and audit entries included, first
 * by the deployment's retention, then by each school's own shorter one (docs/privacy.md).
 */
export async function sweepRetention(
  db: Db,
  recordingRetentionMs: number,
  now: number,
  auditRetentionMs: number = DEFAULT_AUDIT_RETENTION_DAYS * 86_400_000,
): Promise<SweepCounts> {
  const counts = await purgeExpired(db, now);
  const recordings = await purgeExpiredRecordings(db, now, recordingRetentionMs);
  const auditEntries = await purgeExpiredAudit(db, now, auditRetentionMs);
  const bySchool = await purgeSchoolRetention(db, now, { recordingRetentionMs, auditRetentionMs });
  return { ...counts, recordings: recordings + bySchool.recordings, auditEntries: auditEntries + bySchool.auditEntries };
}

export interface RetentionSweep {
  /** Sweeps now (at start-up, and on each tick); never throws: a failure is logged. */
  run(): Promise<SweepCounts | null>;
  /** Starts the ticks (the first sweep is the caller's `run()`). */
  start(): void;
  /** Stops the ticks and waits for a sweep under way (before the database closes). */
  stop(): Promise<void>;
}

export function retentionSweep(options: SweepOptions): RetentionSweep {
  const timers = options.timers ?? {
    setInterval: (tick: () => Promise<unknown>, ms: number) => {
      const handle = setInterval(() => void tick(), ms);
      // never what keeps a process alive
      handle.unref();
      return handle;
    },
    clearInterval: (handle: unknown) => clearInterval(handle as NodeJS.Timeout),
  };
  let handle: unknown = null;
  // one sweep at a time in this process: a slow one is not overtaken by the next tick
  let running: Promise<SweepCounts | null> | null = null;
  const run = (): Promise<SweepCounts | null> => {
    running ??= (async () => {
      try {
        const counts = await sweepRetention(options.db, options.recordingRetentionMs, options.clock(), options.auditRetentionMs);
        if (Object.values(counts).some((count) => count > 0)) options.log.info({ deleted: counts }, 'retention sweep');
        return counts;
      } catch (error) {
        options.log.warn({ err: error }, 'retention sweep failed; the next one tries again');
        return null;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return {
    run,
    start() {
      if (handle !== null) return;
      handle = timers.setInterval(run, options.intervalMs ?? RETENTION_SWEEP_INTERVAL_MS);
    },
    async stop() {
      if (handle !== null) timers.clearInterval(handle);
      handle = null;
      await running;
    },
  };
}
