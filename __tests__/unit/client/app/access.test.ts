/** Who sees which workspace, where sign-in lands and what Home shows: permissions × redirect × learner activity (app/access.ts). */
import { homeKind, isStaff, landingPath, mayOpen, workspacesFor } from '../../../../src/client/app/access';

describe('landing after sign-in', () => {
  it.each([
    // redirect, landing: the same for a learner and for staff (SPEC S2.15)
    [null, '/app'],
    [undefined, '/app'],
    ['', '/app'],
    ['/app/catalog', '/app/catalog'],
    ['/app/support/tickets', '/app/support/tickets'],
    ['/app/resources', '/app/resources'],
    // made safe: another site or the sign-in page itself is /app
    ['https://evil.example/', '/app'],
    ['//evil.example/', '/app'],
    ['/login', '/app'],
  ] as const)('[S2.15] redirect %j lands on %s', (redirect, landing) => {
    expect(landingPath(redirect)).toBe(landing);
  });
});

describe('workspaces', () => {
  it.each([
    [[], [], false],
    [['SUPPORT'], ['Support'], true],
    [['TEACHER'], ['Classes'], true],
    [['SCHOOLADMIN'], ['School', 'Classes'], true],
    [['GADMINSUPERUSER'], ['School', 'Support', 'Classes'], true],
  ] as const)('%j opens %j (staff: %s)', (permissions, labels, staff) => {
    expect(workspacesFor(permissions).map((w) => w.label)).toEqual(labels);
    expect(isStaff(permissions)).toBe(staff);
  });

  it('[S6.01] [S6.02] a workspace opens through hasPermission: the superuser everywhere', () => {
    expect(mayOpen(['SCHOOLADMIN'], 'school')).toBe(true);
    expect(mayOpen(['TEACHER'], 'school')).toBe(false);
    expect(mayOpen(['GADMINSUPERUSER'], 'support')).toBe(true);
    expect(mayOpen(null, 'classes')).toBe(false);
  });
});

describe('who is staff-only: what Home shows', () => {
  it.each([
    // permissions, learner activity at the school (the progress summary's `started`; null: not known yet), Home
    [[], false, 'learner'],
    [[], true, 'learner'],
    // a learner's Home never waits for the summary: nothing about it depends on it
    [[], null, 'learner'],
    [null, null, 'learner'],
    // a permission that is not a staff one does not make staff
    [['REPORTS'], false, 'learner'],
    [['SUPPORT'], false, 'staff-only'],
    [['TEACHER'], false, 'staff-only'],
    [['SCHOOLADMIN'], false, 'staff-only'],
    [['GADMINSUPERUSER'], false, 'staff-only'],
    // staff who have done something as a learner (a teacher who takes the modules)
    [['TEACHER'], true, 'staff-and-learner'],
    [['SUPPORT'], true, 'staff-and-learner'],
    [['SCHOOLADMIN', 'TEACHER'], true, 'staff-and-learner'],
    // staff wait for the summary rather than showing one Home and then the other
    [['SUPPORT'], null, 'deciding'],
    [['GADMINSUPERUSER'], null, 'deciding'],
  ] as const)('%j, learner activity %j: %s', (permissions, started, kind) => {
    expect(homeKind(permissions, started)).toBe(kind);
  });

  it('a staff-only user lands on the first workspace they hold, in landing order', () => {
    expect(workspacesFor(['TEACHER', 'SUPPORT']).map((w) => w.key)).toEqual(['support', 'classes']);
    expect(workspacesFor(['SCHOOLADMIN', 'SUPPORT'])[0]?.key).toBe('school');
  });
});
