/** Who sees which workspace and where sign-in lands: permissions × redirect → landing (app/access.ts). */
import { isStaff, landingPath, mayOpen, workspacesFor } from '../../../../src/client/app/access';

describe('landing after sign-in', () => {
  it.each([
    // permissions, redirect, landing
    [[], null, '/app'],
    [[], undefined, '/app'],
    [[], '', '/app'],
    [[], '/app/catalog', '/app/catalog'],
    [['SUPPORT'], null, '/app/support/tickets'],
    [['TEACHER'], null, '/app/classes'],
    [['SCHOOLADMIN'], null, '/app/admin'],
    [['TEACHER', 'SCHOOLADMIN'], null, '/app/admin'],
    [['SUPPORT', 'TEACHER'], null, '/app/support/tickets'],
    [['GADMINSUPERUSER'], null, '/app/admin'],
    [['SOMETHING-ELSE'], null, '/app'],
    // a redirect wins for staff too (SPEC S2.15), made safe as for anyone
    [['SCHOOLADMIN'], '/app/resources', '/app/resources'],
    [['SUPPORT'], '/app', '/app'],
    [['SUPPORT'], 'https://evil.example/', '/app'],
    [['TEACHER'], '//evil.example/', '/app'],
    [['TEACHER'], '/login', '/app'],
  ] as const)('[S2.15] %j with redirect %j lands on %s', (permissions, redirect, landing) => {
    expect(landingPath(permissions, redirect)).toBe(landing);
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
