/**
 * Every query of the owned documents (budgets, worksheets), for any of their tables. Every query
 * takes the owner's id, so another learner's row reads as missing.
 */
import type { Generated, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';

/** The columns every owned-document table has (db/schema.ts BudgetsTable, WorksheetsTable). */
export interface OwnedDocumentColumns {
  id: Generated<number>;
  user_id: number;
  /** the document as JSON */
  data: string;
  version: number;
  created_at: number;
  updated_at: number;
  /** soft delete (restore clears it) */
  deleted_at: number | null;
}

/** The tables that hold owned documents: those with every column above. */
export type OwnedTable = { [T in keyof Database]: Database[T] extends OwnedDocumentColumns ? T : never }[keyof Database];

/**
 * Every owned-document table seen through the columns they share, so that one query serves each of
 * them. The rows it reads are whole rows of the kind's table (`selectAll`, `returningAll`): the
 * caller hands them on typed as such.
 */
type OwnedDocumentsDb = Kysely<Record<OwnedTable, OwnedDocumentColumns>>;

type SharedRow = Selectable<OwnedDocumentColumns>;

export function ownedDocumentsRepository(table: OwnedTable) {
  const documents = (db: Db) => db as unknown as OwnedDocumentsDb;
  return {
    /** The owner's live documents, last saved first. */
    list(db: Db, userId: number): Promise<SharedRow[]> {
      return documents(db)
        .selectFrom(table)
        .selectAll()
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The owner's document `id`, live (or, `deleted`, soft-deleted). */
    find(db: Db, id: number, userId: number, deleted: boolean): Promise<SharedRow | undefined> {
      return documents(db)
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', deleted ? 'is not' : 'is', null)
        .executeTakeFirst();
    },

    /** A new document at version 1 with the kind's own columns. */
    insert(db: Db, userId: number, columns: object & { data: string }, now: number): Promise<SharedRow> {
      return documents(db)
        .insertInto(table)
        .values({ user_id: userId, ...columns, version: 1, created_at: now, updated_at: now, deleted_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async setDeleted(db: Db, id: number, userId: number, deletedAt: number | null): Promise<void> {
      await documents(db).updateTable(table).set({ deleted_at: deletedAt }).where('id', '=', id).where('user_id', '=', userId).execute();
    },

    /**
     * Saves over `version` in one statement (the version guard in the WHERE, the saved row back);
     * undefined when nothing was saved: not the owner's, deleted, another version, or `unchangeable`
     * not the stored value.
     */
    saveVersion(
      db: Db,
      id: number,
      userId: number,
      version: number,
      columns: object & { data: string },
      now: number,
      unchangeable: { column: string; value: string } | null,
    ): Promise<SharedRow | undefined> {
      let update = documents(db)
        .updateTable(table)
        .set({ ...columns, version: version + 1, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .where('deleted_at', 'is', null);
      if (unchangeable) update = update.where(db.dynamic.ref(unchangeable.column), '=', unchangeable.value);
      return update.returningAll().executeTakeFirst();
    },
  };
}
