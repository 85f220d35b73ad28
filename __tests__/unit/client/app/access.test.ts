/** Who sees which workspace and where sign-in lands: permissions × redirect → landing (app/access.ts). */
import { isStaff, landingPath, mayOpen, workspacesFor } from '../../../../src/client/app/access';

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
