/** One student's due instant: their extension when later than the class's, else the class's. */
import { cellAt, studentDueAt, type WorkCell } from '../../../../../src/server/services/classroom/status';

describe('studentDueAt', () => {
  it.each([
    ['no extension', 100, undefined, 100],
    ['no extension (null)', 100, null, 100],
    ['a later day of their own', 100, 200, 200],
    ['an own day the class has since moved past', 300, 200, 300],
    ['the same instant', 100, 100, 100],
    ['no class due instant: nothing to be late for', null, 200, null],
  ])('%s', (_name, classDue, own, expected) => {
    expect(studentDueAt(classDue, own)).toBe(expected);
  });

  it('a cell is overdue only once the student’s own due instant has passed', () => {
    const kept: WorkCell = { cell: { status: 'not-started', state: 'not-started', help: null, due: null, sections: null, bestScore: null, attempts: 0, timeSpentSeconds: 0, turnInId: null }, canBeLate: true, stuckAt: null };
    expect(cellAt(kept, studentDueAt(100, 200), 150).status).toBe('not-started');
    expect(cellAt(kept, studentDueAt(100, undefined), 150).status).toBe('overdue');
    expect(cellAt(kept, studentDueAt(100, 200), 250).status).toBe('overdue');
  });
});
