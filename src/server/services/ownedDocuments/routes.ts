/**
 * The life of a document one learner owns (budgets, worksheets): list, get, create, save
 * with the version it was based on, duplicate, delete (soft) and restore. `ownedDocumentRoutes(kind)`
 * makes the seven routes; a kind states only what is its own — its table, path, messages, schemas,
 * how a row reads, and the columns it writes on create, save and copy. The queries are in
 * ./repository.ts.
 *
 * Every query takes the owner's id: another learner's row and a missing row look the same (404),
 * never data. A save carries the version it was based on and lands in one statement (
 * docs/performance.md "Budget save in one statement"): `UPDATE … WHERE version = ? RETURNING *`.
 * Only when nothing was saved is the row read, to answer exactly why: not there (or deleted) → 404,
 * a column the kind may not change → 400, another version saved meanwhile → 409. A kind class
 * dashboards read (worksheets) also bumps the owner's class versions in the write's transaction.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AnySchema } from 'yup';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { withClassVersions } from '../classroom/versions';
import { signedInUserId } from '../signedIn';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { ownedDocumentsRepository, type OwnedDocumentColumns, type OwnedTable } from './repository';

export type { OwnedDocumentColumns, OwnedTable } from './repository';

/** A row of one of them (the intersection names the shared columns where T is still generic). */
export type OwnedRow<T extends OwnedTable> = Selectable<Database[T]> & Selectable<OwnedDocumentColumns>;

/** What a kind writes itself when a document is created or copied: its own columns and the data. */
export type CreatedColumns<T extends OwnedTable> = Omit<Insertable<Database[T]>, keyof OwnedDocumentColumns> & { data: string };

/** What a kind writes itself on a save (the lifecycle writes the version and the time). */
export type SavedColumns<T extends OwnedTable> = Omit<Updateable<Database[T]>, keyof OwnedDocumentColumns> & { data: string };

/** A save's payload: the version it was based on, and what the kind's update schema allows. */
export interface SavePayload {
  version: number;
}

export interface OwnedDocumentKind<T extends OwnedTable, Create, Save extends SavePayload> {
  table: T;
  /** the collection's path, e.g. '/budgets' (the routes add '/:id', '/:id/duplicate', '/:id/restore') */
  path: `/${string}`;
  messages: { notFound: string; conflict: string };
  createSchema: AnySchema;
  updateSchema: AnySchema;
  /** a row as the list shows it */
  toSummary(row: OwnedRow<T>): unknown;
  /** a row as get, create, save, duplicate and restore answer it */
  toRecord(row: OwnedRow<T>): unknown;
  /** the columns of a new document; may refuse the payload with an HttpError (e.g. 400) */
  created(payload: Create): CreatedColumns<T>;
  /** the columns a save writes; may refuse the payload, but a document that is not there is 404 first */
  saved(payload: Save): SavedColumns<T>;
  /** the columns of a copy of `source` */
  copied(source: OwnedRow<T>): CreatedColumns<T>;
  /**
   * A column a save may not change (a worksheet's kind): the save lands only where the stored value
   * is the payload's; otherwise 400 with `message` (after 404, before 409).
   */
  unchangeable?: { column: keyof OwnedRow<T> & string; of(payload: Save): string; message: string };
  /**
   * Class dashboards read these documents (a saved worksheet puts its assignment in progress): each
   * write bumps the owner's classes' versions in its transaction (services/classroom/versions.ts).
   */
  shownToClasses?: boolean;
}

/** A route's :id as a number; anything that is not a plain positive integer is simply not found. */
export function documentId(ctx: ServiceContext, notFound: string): number {
  const raw = ctx.params.id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new HttpError(404, notFound);
  return Number(raw);
}

export function parseData<T>(json: string): T {
  return JSON.parse(json) as T;
}

/** A stale save: refused with 409 and a message saying what happened and what to do. */
export function conflict(message: string, currentVersion: number): HttpError {
  return new HttpError(409, `${message} (Saved version: ${currentVersion}.)`);
}

export function ownedDocumentRoutes<T extends OwnedTable, Create, Save extends SavePayload>(
  kind: OwnedDocumentKind<T, Create, Save>,
): readonly ServiceRoute[] {
  const { notFound } = kind.messages;
  const repo = ownedDocumentsRepository(kind.table);
  const asRow = (row: Selectable<OwnedDocumentColumns>) => row as unknown as OwnedRow<T>;
  /** A write of the owner's, with their class dashboards' bump when those read the kind. */
  const write = <R>(ctx: ServiceContext, userId: number, run: (db: Db) => Promise<R>): Promise<R> =>
    kind.shownToClasses ? withClassVersions(ctx.db, { studentIds: [userId] }, run) : run(ctx.db);

  /** The caller's document named by :id, live (or, for restore, deleted); else 404. */
  async function findOwned(ctx: ServiceContext, deleted = false): Promise<OwnedRow<T>> {
    const row = await repo.find(ctx.db, documentId(ctx, notFound), signedInUserId(ctx), deleted);
    if (!row) throw new HttpError(404, notFound);
    return asRow(row);
  }

  async function insert(ctx: ServiceContext, columns: CreatedColumns<T>): Promise<Result> {
    const userId = signedInUserId(ctx);
    const row = await write(ctx, userId, (db) => repo.insert(db, userId, columns, ctx.clock()));
    return new Result(201, kind.toRecord(asRow(row)));
  }

  async function setDeleted(ctx: ServiceContext, row: OwnedRow<T>, deletedAt: number | null): Promise<void> {
    await write(ctx, row.user_id, (db) => repo.setDeleted(db, row.id, row.user_id, deletedAt));
  }

  async function save(ctx: ServiceContext): Promise<unknown> {
    const payload = ctx.payload as Save;
    const { version } = payload;
    const id = documentId(ctx, notFound);
    const userId = signedInUserId(ctx);
    let columns: SavedColumns<T>;
    try {
      columns = kind.saved(payload);
    } catch (error) {
      // a document that is not there is a 404 before the payload is judged
      await findOwned(ctx);
      throw error;
    }
    // one statement in the common case: the version guard in the WHERE, the saved row back
    const { unchangeable } = kind;
    const saved = await write(ctx, userId, (db) =>
      repo.saveVersion(db, id, userId, version, columns, ctx.clock(), unchangeable ? { column: unchangeable.column, value: unchangeable.of(payload) } : null),
    );
    if (saved) return kind.toRecord(asRow(saved));
    // nothing saved: not this learner's (or deleted) → 404; a column it may not change → 400;
    // another version saved meanwhile → 409
    const current = await findOwned(ctx);
    if (unchangeable && current[unchangeable.column] !== unchangeable.of(payload)) throw new HttpError(400, unchangeable.message);
    throw conflict(kind.messages.conflict, current.version);
  }

  const one = `${kind.path}/:id`;
  return [
    {
      method: 'GET',
      path: kind.path,
      access: 'user',
      handler: async (ctx) => (await repo.list(ctx.db, signedInUserId(ctx))).map((row) => kind.toSummary(asRow(row))),
    },
    {
      method: 'GET',
      path: one,
      access: 'user',
      handler: async (ctx) => kind.toRecord(await findOwned(ctx)),
    },
    {
      method: 'POST',
      path: kind.path,
      access: 'user',
      payloadSchema: kind.createSchema,
      handler: async (ctx) => insert(ctx, kind.created(ctx.payload as Create)),
    },
    {
      method: 'PUT',
      path: one,
      access: 'user',
      payloadSchema: kind.updateSchema,
      handler: save,
    },
    {
      method: 'POST',
      path: `${one}/duplicate`,
      access: 'user',
      handler: async (ctx) => insert(ctx, kind.copied(await findOwned(ctx))),
    },
    {
      method: 'DELETE',
      path: one,
      access: 'user',
      handler: async (ctx) => {
        const row = await findOwned(ctx);
        await setDeleted(ctx, row, ctx.clock());
        return { id: row.id, deleted: true };
      },
    },
    {
      method: 'POST',
      path: `${one}/restore`,
      access: 'user',
      handler: async (ctx) => {
        await setDeleted(ctx, await findOwned(ctx, true), null);
        return kind.toRecord(await findOwned(ctx));
      },
    },
  ];
}
