/**
 * The classroom: permissions that hold at one school, classes with their teachers and students,
 * assignments with due dates, work turned in with the teacher's comments, and the identities a
 * school's roster (OneRoster `sourcedId`) gives schools, users and classes so a re-import updates
 * rather than duplicates. A class's join code is an access code (`access_codes.class_id`), so
 * `/app/profile/code` and registration by code work for it unchanged.
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0015: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

    // the school's own time zone (due dates are days in it) and its roster identity
    await db.schema.alterTable('clients').addColumn('timezone', 'text', (c) => c.notNull().defaultTo('America/New_York')).execute();
    await db.schema.alterTable('clients').addColumn('sourced_id', 'text').execute();
    await db.schema.createIndex('clients_sourced_id_idx').on('clients').column('sourced_id').unique().where('sourced_id', 'is not', null).execute();

    await db.schema.alterTable('users').addColumn('sourced_id', 'text').execute();
    await db.schema.createIndex('users_sourced_id_idx').on('users').column('sourced_id').unique().where('sourced_id', 'is not', null).execute();
    // 1: the password is temporary and must be changed at the next sign-in
    await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // a user the school's roster no longer lists cannot sign in; their record stays
    await db.schema.alterTable('users').addColumn('deactivated_at', 'bigint').execute();

    // TEACHER, SCHOOLADMIN (and any other permission) granted at one school
    await db.schema
      .createTable('school_permissions')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('permission', 'text', (c) => c.notNull())
      .addColumn('granted_at', 'bigint', (c) => c.notNull())
      .addColumn('granted_by', 'integer')
      .addPrimaryKeyConstraint('school_permissions_pk', ['user_id', 'client_id', 'permission'])
      .execute();
    await db.schema.createIndex('school_permissions_client_idx').on('school_permissions').columns(['client_id', 'permission']).execute();

    await db.schema
      .createTable('classes')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sourced_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('archived_at', 'bigint')
      .execute();
    await db.schema.createIndex('classes_client_idx').on('classes').column('client_id').execute();
    await db.schema.createIndex('classes_sourced_id_idx').on('classes').columns(['client_id', 'sourced_id']).unique().where('sourced_id', 'is not', null).execute();

    // the join code: an access code that also enrols its redeemer in the class
    await db.schema.alterTable('access_codes').addColumn('class_id', 'integer', (c) => c.references('classes.id').onDelete('cascade')).execute();
    await db.schema.createIndex('access_codes_class_idx').on('access_codes').column('class_id').execute();

    await db.schema
      .createTable('class_teachers')
      .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'owner' (created it or the roster's primary teacher) or 'co-teacher'
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('class_teachers_pk', ['class_id', 'user_id'])
      .execute();
    await db.schema.createIndex('class_teachers_user_idx').on('class_teachers').column('user_id').execute();

    await db.schema
      .createTable('class_students')
      .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'code' (joined with the join code), 'roster' (imported) or 'teacher' (added by a teacher)
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      // set when the student leaves or the roster drops the enrolment; the history stays
      .addColumn('left_at', 'bigint')
      .addPrimaryKeyConstraint('class_students_pk', ['class_id', 'user_id'])
      .execute();
    await db.schema.createIndex('class_students_user_idx').on('class_students').column('user_id').execute();

    await db.schema
      .createTable('assignments')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      // 'module' | 'material' | 'review' | 'worksheet'
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('module_slug', 'text')
      .addColumn('material_slug', 'text')
      // a WorksheetKind for kind 'worksheet'
      .addColumn('worksheet_kind', 'text')
      // the due day (YYYY-MM-DD in the school's time zone) and the instant it ends there
      .addColumn('due_date', 'text')
      .addColumn('due_at', 'bigint')
      // reviews only: attempts allowed, null for unlimited
      .addColumn('max_attempts', 'integer')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('assignments_class_idx').on('assignments').column('class_id').execute();

    await db.schema
      .createTable('turn_ins')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('assignment_id', 'integer', (c) => c.references('assignments.id').onDelete('set null'))
      // 'worksheet' | 'budget', and the student's document it was turned in from
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('document_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      // the document's data as turned in: later edits by the student do not change what was handed in
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('turned_in_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('turn_ins_class_user_idx').on('turn_ins').columns(['class_id', 'user_id']).execute();

    await db.schema
      .createTable('turn_in_comments')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('turn_in_id', 'integer', (c) => c.notNull().references('turn_ins.id').onDelete('cascade'))
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('turn_in_comments_turn_in_idx').on('turn_in_comments').column('turn_in_id').execute();
  },
  async down(db: AnyDb) {
    for (const table of ['turn_in_comments', 'turn_ins', 'assignments', 'class_students', 'class_teachers']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.dropIndex('access_codes_class_idx').execute();
    await db.schema.alterTable('access_codes').dropColumn('class_id').execute();
    await db.schema.dropTable('classes').execute();
    await db.schema.dropTable('school_permissions').execute();
    await db.schema.dropIndex('users_sourced_id_idx').execute();
    for (const column of ['sourced_id', 'must_change_password', 'deactivated_at']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
    await db.schema.dropIndex('clients_sourced_id_idx').execute();
    await db.schema.alterTable('clients').dropColumn('sourced_id').execute();
    await db.schema.alterTable('clients').dropColumn('timezone').execute();
  },
};
