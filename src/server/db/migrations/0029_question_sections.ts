/**
 * Every review question names the section it tests, so a missed question links to what to read
 * again and a teacher sees which section the class missed: `section_slug` (a section of the
 * question's own material; null for content that names none yet). An assignment can point a
 * material at one of its sections, go to some of a class's students only (a re-teach of what they
 * missed), and carry the teacher's note.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0029: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('content_questions').addColumn('section_slug', 'text').execute();
    await db.schema.alterTable('assignments').addColumn('section_slug', 'text').execute();
    // JSON list of user ids; null: the whole class
    await db.schema.alterTable('assignments').addColumn('student_ids', 'text').execute();
    await db.schema.alterTable('assignments').addColumn('note', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('assignments').dropColumn('note').execute();
    await db.schema.alterTable('assignments').dropColumn('student_ids').execute();
    await db.schema.alterTable('assignments').dropColumn('section_slug').execute();
    await db.schema.alterTable('content_questions').dropColumn('section_slug').execute();
  },
};
