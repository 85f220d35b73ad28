/**
 * The support desk: a ticket's state (new, open, waiting-on-student, resolved), the staff member it
 * is assigned to, the moment of its first staff reply (time to first reply), and its thread in
 * `support_messages` — staff replies (mailed to the student), the student's answers, and internal
 * notes that only staff ever see. Tickets that were "open" before had no reply yet: they become "new".
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0018: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
    await db.schema.alterTable('support_tickets').addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
    await db.schema.alterTable('support_tickets').addColumn('first_reply_at', 'bigint').execute();
    await db.updateTable('support_tickets').set({ status: 'new' }).where('status', '=', 'open').execute();

    await db.schema
      .createTable('support_messages')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
      // 'reply' (staff to student), 'note' (staff only), 'student' (the student's answer)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // kept so the thread still reads after the author's account is deleted
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('support_messages_ticket_idx').on('support_messages').columns(['ticket_id', 'id']).execute();
    await db.schema.createIndex('support_tickets_user_idx').on('support_tickets').column('user_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('support_tickets_user_idx').execute();
    await db.schema.dropTable('support_messages').execute();
    await db.updateTable('support_tickets').set({ status: 'open' }).where('status', 'in', ['new', 'waiting-on-student']).execute();
    await db.schema.alterTable('support_tickets').dropColumn('first_reply_at').execute();
    await db.schema.alterTable('support_tickets').dropColumn('assignee_id').execute();
  },
};
