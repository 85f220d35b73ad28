/**
 * Worksheets (issue #7): the same life as budgets — list, get, create, update (versioned),
 * duplicate, delete (soft) and restore — owned by one learner, validated by the kind's shared schema.
 */
import type { Selectable } from 'kysely';
import {
  WORKSHEET_INFO,
  WORKSHEET_MESSAGES,
  worksheetCreateSchema,
  worksheetUpdateSchema,
  type WorksheetData,
  type WorksheetKind,
  type WorksheetRecord,
  type WorksheetSummary,
} from '../../../common/worksheets';
import type { WorksheetsTable } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { affected, conflict, documentId, ownerId, parseData } from './documents';

type WorksheetRow = Selectable<WorksheetsTable>;

export function toWorksheetSummary(row: WorksheetRow): WorksheetSummary {
  return { id: row.id, kind: row.kind as WorksheetKind, title: row.title, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at };
}

export function toWorksheetRecord(row: WorksheetRow): WorksheetRecord {
  return { ...toWorksheetSummary(row), data: parseData<WorksheetData>(row.data) } as WorksheetRecord;
}

async function findOwned(ctx: ServiceContext, deleted = false): Promise<WorksheetRow> {
  const row = await ctx.db
    .selectFrom('worksheets')
    .selectAll()
    .where('id', '=', documentId(ctx, WORKSHEET_MESSAGES.notFound))
    .where('user_id', '=', ownerId(ctx))
    .where('deleted_at', deleted ? 'is not' : 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, WORKSHEET_MESSAGES.notFound);
  return row;
}

const titleOf = (kind: WorksheetKind, title: string): string => title.trim() || WORKSHEET_INFO[kind].title;

export const worksheetsRoutes: readonly ServiceRoute[] = [
  {
    method: 'GET',
    path: '/worksheets',
    access: 'user',
    handler: async (ctx) => {
      const rows = await ctx.db
        .selectFrom('worksheets')
        .selectAll()
        .where('user_id', '=', ownerId(ctx))
        .where('deleted_at', 'is', null)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toWorksheetSummary);
    },
  },
  {
    method: 'GET',
    path: '/worksheets/:id',
    access: 'user',
    handler: async (ctx) => toWorksheetRecord(await findOwned(ctx)),
  },
  {
    method: 'POST',
    path: '/worksheets',
    access: 'user',
    payloadSchema: worksheetCreateSchema,
    handler: async (ctx) => {
      const { kind, title, data } = ctx.payload as { kind: WorksheetKind; title: string; data: WorksheetData };
      const now = ctx.clock();
      const row = await ctx.db
        .insertInto('worksheets')
        .values({ user_id: ownerId(ctx), kind, title: titleOf(kind, title), data: JSON.stringify(data), version: 1, created_at: now, updated_at: now, deleted_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return new Result(201, toWorksheetRecord(row));
    },
  },
  {
    method: 'PUT',
    path: '/worksheets/:id',
    access: 'user',
    payloadSchema: worksheetUpdateSchema,
    handler: async (ctx) => {
      const { kind, version, title, data } = ctx.payload as { kind: WorksheetKind; version: number; title: string; data: WorksheetData };
      const current = await findOwned(ctx);
      if (current.kind !== kind) throw new HttpError(400, WORKSHEET_MESSAGES.kindChanged);
      if (current.version !== version) throw conflict(WORKSHEET_MESSAGES.conflict, current.version);
      const result = await ctx.db
        .updateTable('worksheets')
        .set({ title: titleOf(kind, title), data: JSON.stringify(data), version: version + 1, updated_at: ctx.clock() })
        .where('id', '=', current.id)
        .where('user_id', '=', current.user_id)
        .where('version', '=', version)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (affected(result) !== 1) throw conflict(WORKSHEET_MESSAGES.conflict, (await findOwned(ctx)).version);
      return toWorksheetRecord(await findOwned(ctx));
    },
  },
  {
    method: 'POST',
    path: '/worksheets/:id/duplicate',
    access: 'user',
    handler: async (ctx) => {
      const source = await findOwned(ctx);
      const now = ctx.clock();
      const row = await ctx.db
        .insertInto('worksheets')
        .values({ user_id: source.user_id, kind: source.kind, title: `Copy of ${source.title}`.slice(0, 80), data: source.data, version: 1, created_at: now, updated_at: now, deleted_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return new Result(201, toWorksheetRecord(row));
    },
  },
  {
    method: 'DELETE',
    path: '/worksheets/:id',
    access: 'user',
    handler: async (ctx) => {
      const row = await findOwned(ctx);
      await ctx.db.updateTable('worksheets').set({ deleted_at: ctx.clock() }).where('id', '=', row.id).where('user_id', '=', row.user_id).execute();
      return { id: row.id, deleted: true };
    },
  },
  {
    method: 'POST',
    path: '/worksheets/:id/restore',
    access: 'user',
    handler: async (ctx) => {
      const row = await findOwned(ctx, true);
      await ctx.db.updateTable('worksheets').set({ deleted_at: null }).where('id', '=', row.id).where('user_id', '=', row.user_id).execute();
      return toWorksheetRecord(await findOwned(ctx));
    },
  },
];
