/** A worksheet read-only, as its student saw it: the numbers entered and the results (../snapshot.ts). */
import type { WorksheetKind } from '../../../../common/worksheets';
import { worksheetSnapshotSections } from '../snapshot';
import { ResultSections } from './WorksheetEditor';

export function WorksheetSnapshot({ kind, data }: { kind: WorksheetKind; data: unknown }) {
  return <ResultSections sections={worksheetSnapshotSections(kind, data)} />;
}
