/**
 * The catalog: imported content (modules → materials → sections, reviews → questions),
 * the content version, each school's catalog, and the learner's progress, bookmarks and certificates.
 * Learner rows refer to content by slugs, so a re-import (which replaces the content rows) keeps them.
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

const CONTENT_TABLES = ['content_questions', 'content_reviews', 'content_sections', 'content_materials', 'content_modules'];
const LEARNER_TABLES = ['certificates', 'bookmarks', 'time_spent', 'review_attempts', 'section_completions', 'school_modules', 'content_versions'];

export const migration0005: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

    await db.schema
      .createTable('content_versions')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('imported_at', 'bigint', (c) => c.notNull())
      .addColumn('module_count', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('content_modules')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('objectives', 'text', (c) => c.notNull())
      .addColumn('estimated_minutes', 'integer', (c) => c.notNull())
      .addColumn('overview_html', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('content_materials')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('module_id', 'integer', (c) => c.notNull().references('content_modules.id').onDelete('cascade'))
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('intro_html', 'text', (c) => c.notNull())
      .addUniqueConstraint('content_materials_slug_uq', ['module_id', 'slug'])
      .execute();

    await db.schema
      .createTable('content_sections')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('material_id', 'integer', (c) => c.notNull().references('content_materials.id').onDelete('cascade'))
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('estimated_minutes', 'integer', (c) => c.notNull())
      .addColumn('kb_articles', 'text', (c) => c.notNull())
      .addColumn('body_html', 'text', (c) => c.notNull())
      .addUniqueConstraint('content_sections_slug_uq', ['material_id', 'slug'])
      .execute();

    await db.schema
      .createTable('content_reviews')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('material_id', 'integer', (c) => c.notNull().unique().references('content_materials.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('passing_score', 'integer')
      .execute();

    await db.schema
      .createTable('content_questions')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('review_id', 'integer', (c) => c.notNull().references('content_reviews.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('choices', 'text')
      /** JSON: an index or true/false */
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('explanation', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('school_modules')
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('module_slug', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('school_modules_pk', ['client_id', 'module_slug'])
      .execute();

    await db.schema
      .createTable('section_completions')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_slug', 'text', (c) => c.notNull())
      .addColumn('material_slug', 'text', (c) => c.notNull())
      .addColumn('section_slug', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('section_completions_pk', ['user_id', 'module_slug', 'material_slug', 'section_slug'])
      .execute();

    await db.schema
      .createTable('review_attempts')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_slug', 'text', (c) => c.notNull())
      .addColumn('material_slug', 'text', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('passed', 'integer', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('review_attempts_user_idx').on('review_attempts').columns(['user_id', 'module_slug', 'material_slug']).execute();

    await db.schema
      .createTable('time_spent')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_slug', 'text', (c) => c.notNull())
      .addColumn('material_slug', 'text', (c) => c.notNull())
      .addColumn('section_slug', 'text', (c) => c.notNull())
      .addColumn('seconds', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('time_spent_pk', ['user_id', 'module_slug', 'material_slug', 'section_slug'])
      .execute();

    await db.schema
      .createTable('bookmarks')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('bookmarks_uq', ['user_id', 'kind', 'target'])
      .execute();

    await db.schema
      .createTable('certificates')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_slug', 'text', (c) => c.notNull())
      .addColumn('module_title', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('completed_at', 'bigint', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('certificates_user_module_uq', ['user_id', 'module_slug'])
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of [...LEARNER_TABLES, ...CONTENT_TABLES]) await db.schema.dropTable(table).ifExists().execute();
  },
};
