/** One student's exception: what their page shows, what the form accepts and what it sends. */
import type { Assignment } from '../../../../../src/common/classroom';
import { dueLine } from '../../../../../src/client/features/classroom/nextStep';
import {
  canExcept,
  EXCEPTION_EMPTY,
  exceptionInput,
  exceptionSchema,
  studentAttempts,
  studentDueDay,
} from '../../../../../src/client/features/classroom/components/ExceptionDialog';
import { changeCall } from '../../../../../src/client/features/classroom/sagas';

const review: Pick<Assignment, 'kind' | 'maxAttempts' | 'dueDate'> = { kind: 'review', maxAttempts: 2, dueDate: '2026-12-04' };

describe('the student’s page', () => {
  it.each([
    [{ dueDate: '2026-12-04' }, null, '12/04/26'],
    [{ dueDate: '2026-12-04' }, { dueDate: '2026-12-11' }, '12/11/26 (extended)'],
    [{ dueDate: '2026-12-04' }, { dueDate: null }, '12/04/26'],
    [{ dueDate: null }, null, '—'],
  ])('due %j with %j reads %s', (assignment, exception, expected) => {
    expect(studentDueDay(assignment, exception)).toBe(expected);
  });

  it.each([
    [review, null, 1, '1 of 2'],
    [review, { extraAttempts: 1 }, 2, '2 of 3 (1 extra)'],
    [review, { extraAttempts: 0 }, 2, '2 of 2'],
    [{ ...review, maxAttempts: null }, null, 4, '4'],
    [{ ...review, kind: 'material' as const }, null, 0, '—'],
  ])('attempts of %j with %j, %i made: %s', (assignment, exception, made, expected) => {
    expect(studentAttempts(assignment, exception, made)).toBe(expected);
  });

  it('offers an exception where there is a limit or a due day to extend', () => {
    expect(canExcept(review)).toBe(true);
    expect(canExcept({ ...review, dueDate: null })).toBe(true);
    expect(canExcept({ ...review, maxAttempts: null })).toBe(true);
    expect(canExcept({ kind: 'worksheet', maxAttempts: null, dueDate: null })).toBe(false);
  });
});

describe('the form', () => {
  it.each([
    [{ extraAttempts: '1', dueDate: '' }, null],
    [{ extraAttempts: '10', dueDate: '12/11/26' }, null],
    [{ extraAttempts: '', dueDate: '12/11/26' }, null],
    [{ extraAttempts: '0', dueDate: '' }, 'Enter a whole number from 1 to 10, or leave it empty.'],
    [{ extraAttempts: '11', dueDate: '' }, 'Enter a whole number from 1 to 10, or leave it empty.'],
    [{ extraAttempts: '1.5', dueDate: '' }, 'Enter a whole number from 1 to 10, or leave it empty.'],
    [{ extraAttempts: '', dueDate: '' }, EXCEPTION_EMPTY],
  ])('%j: %s', async (values, message) => {
    const result = await exceptionSchema(true)
      .validate(values)
      .then(() => null)
      .catch((error: Error) => error.message);
    expect(result).toBe(message);
  });

  it('says "give something" at the due day when only it is shown', async () => {
    await expect(exceptionSchema(false).validate({ extraAttempts: '', dueDate: '' })).rejects.toMatchObject({ path: 'dueDate', message: EXCEPTION_EMPTY });
  });

  it('sends numbers and the contract’s day, null for an empty field', () => {
    expect(exceptionInput({ extraAttempts: ' 2 ', dueDate: '' })).toEqual({ extraAttempts: 2, dueDate: null });
    expect(exceptionInput({ extraAttempts: '', dueDate: '12/11/26' })).toEqual({ extraAttempts: null, dueDate: '2026-12-11' });
  });

  it('PUTs and DELETEs the student’s exception on the assignment', () => {
    expect(changeCall({ kind: 'grantException', classId: 3, userId: 7, assignmentId: 9, input: { extraAttempts: 1 } })).toEqual({
      method: 'PUT',
      path: '/classes/3/students/7/exceptions/9',
      payload: { extraAttempts: 1 },
    });
    expect(changeCall({ kind: 'withdrawException', classId: 3, userId: 7, assignmentId: 9 })).toEqual({ method: 'DELETE', path: '/classes/3/students/7/exceptions/9' });
  });
});

describe('"Assigned to you"', () => {
  it.each([
    [{ dueDate: '2026-12-11', overdue: false, extended: true }, 'Due 12/11/26 (extended)'],
    [{ dueDate: '2026-12-11', overdue: true, extended: true }, 'Was due 12/11/26 (extended)'],
    [{ dueDate: '2026-12-04', overdue: false, extended: false }, 'Due 12/04/26'],
    [{ dueDate: '2026-12-04', overdue: false }, 'Due 12/04/26'],
  ])('%j reads %s', (a, expected) => {
    expect(dueLine(a)).toBe(expected);
  });
});
