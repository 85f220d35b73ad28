/** Whether a school's code works and how many of its seats are used: one meaning for the admin's counts, list and code sheet. */
import type { AdminAccessCode } from '../../../../../src/common/schoolAdmin';
import { codeState, workingCounts, type CodeFacts } from '../../../../../src/server/services/accounts/schoolCodes';

const NOW = 1_000_000;
const accessCode: CodeFacts = { seats: 30, used: 3, expiresAt: null, classArchivedAt: null, isClassCode: false, enrolled: 0 };
const classCode: CodeFacts = { seats: 40, used: 0, expiresAt: null, classArchivedAt: null, isClassCode: true, enrolled: 24 };

describe('codeState', () => {
  it.each<[string, CodeFacts, ReturnType<typeof codeState>]>([
    ['an access code counts its redemptions', accessCode, { used: 3, status: 'working' }],
    ['an access code with every seat taken is full', { ...accessCode, used: 30 }, { used: 30, status: 'full' }],
    ['an access code works until its expiry', { ...accessCode, expiresAt: NOW + 1 }, { used: 3, status: 'working' }],
    ['and stops at it (revoked: expired now)', { ...accessCode, expiresAt: NOW }, { used: 3, status: 'stopped' }],
    ['a class code counts the students in the class now, not its redemptions', classCode, { used: 24, status: 'working' }],
    ['a class code is full when the class fills its seats', { ...classCode, enrolled: 40 }, { used: 40, status: 'full' }],
    ['a stopped class code keeps its redemptions', { ...classCode, used: 2, expiresAt: NOW - 1 }, { used: 2, status: 'stopped' }],
    ['an archived class’s code stops, whatever its expiry', { ...classCode, used: 5, classArchivedAt: NOW - 10 }, { used: 5, status: 'archived' }],
  ])('%s', (_, facts, expected) => {
    expect(codeState(facts, NOW)).toEqual(expected);
  });
});

describe('workingCounts', () => {
  const code = (className: string | null, status: AdminAccessCode['status']): AdminAccessCode => ({ id: 1, code: 'X', seats: 1, used: 0, expiresAt: null, className, status, createdAt: 0 });
  it('counts the working codes of each kind, nothing else', () => {
    const codes = [code(null, 'working'), code(null, 'full'), code(null, 'stopped'), code('P2', 'working'), code('P5', 'working'), code('P9', 'archived')];
    expect(workingCounts(codes)).toEqual({ accessCodes: 1, classCodes: 2 });
  });
});
