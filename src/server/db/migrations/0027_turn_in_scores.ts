/**
 * The teacher's review of turned-in work, on the turn-in itself: a score (points out of 100, or a
 * complete/incomplete mark), one comment, who scored it and when, and when it was returned to the
 * student. The student sees the score and comment once the work is returned (a teacher can score a
 * class's inbox first and return it after); returned work may be revised and turned in again, as a
 * new turn-in.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

const COLUMNS = ['score_points', 'score_mark', 'feedback', 'scored_by', 'scored_at', 'returned_at'] as const;

export const migration0027: Migration = {
  async up(db: AnyDb) {
    // 0–100; null when unscored or marked
    await db.schema.alterTable('turn_ins').addColumn('score_points', 'integer').execute();
    // 'complete' | 'incomplete'; null when unscored or scored in points
    await db.schema.alterTable('turn_ins').addColumn('score_mark', 'text').execute();
    await db.schema.alterTable('turn_ins').addColumn('feedback', 'text').execute();
    // no reference: a teacher's account may go while the score stays
    await db.schema.alterTable('turn_ins').addColumn('scored_by', 'integer').execute();
    await db.schema.alterTable('turn_ins').addColumn('scored_at', 'bigint').execute();
    await db.schema.alterTable('turn_ins').addColumn('returned_at', 'bigint').execute();
  },
  async down(db: AnyDb) {
    for (const column of COLUMNS) await db.schema.alterTable('turn_ins').dropColumn(column).execute();
  },
};
