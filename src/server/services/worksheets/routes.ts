/**
 * Worksheets: the same life as budgets — an owned document (services/ownedDocuments) — validated
 * by the kind's shared schema. What is a worksheet's own: its kind (which a save may not change) and
 * its title, the kind's name when left blank.
 */
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
import type { ServiceRoute } from '../types';
import { ownedDocumentRoutes, parseData, type OwnedRow } from '../ownedDocuments/routes';

type WorksheetRow = OwnedRow<'worksheets'>;

export function toWorksheetSummary(row: WorksheetRow): WorksheetSummary {
  return { id: row.id, kind: row.kind as WorksheetKind, title: row.title, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at };
}

export function toWorksheetRecord(row: WorksheetRow): WorksheetRecord {
  return { ...toWorksheetSummary(row), data: parseData<WorksheetData>(row.data) } as WorksheetRecord;
}

const titleOf = (kind: WorksheetKind, title: string): string => title.trim() || WORKSHEET_INFO[kind].title;

export const worksheetsRoutes: readonly ServiceRoute[] = ownedDocumentRoutes({
  table: 'worksheets',
  path: '/worksheets',
  messages: WORKSHEET_MESSAGES,
  createSchema: worksheetCreateSchema,
  updateSchema: worksheetUpdateSchema,
  toSummary: toWorksheetSummary,
  toRecord: toWorksheetRecord,
  created: ({ kind, title, data }: { kind: WorksheetKind; title: string; data: WorksheetData }) => ({ kind, title: titleOf(kind, title), data: JSON.stringify(data) }),
  saved: ({ kind, title, data }: { kind: WorksheetKind; version: number; title: string; data: WorksheetData }) => ({ title: titleOf(kind, title), data: JSON.stringify(data) }),
  copied: (source) => ({ kind: source.kind, title: `Copy of ${source.title}`.slice(0, 80), data: source.data }),
  unchangeable: { column: 'kind', of: (payload) => payload.kind, message: WORKSHEET_MESSAGES.kindChanged },
  shownToClasses: true,
});
