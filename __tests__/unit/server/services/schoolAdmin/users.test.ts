/** A school's member as its administrator sees them: roles here, global permissions, deactivated, in the order asked. */
import { adminUsersOf } from '../../../../../src/server/services/schoolAdmin/users';
import type { UserRow } from '../../../../../src/server/services/schoolAdmin/repository';

const user = (id: number, over: Partial<UserRow> = {}): UserRow => ({
  id,
  user_name: `user${id}`,
  first_name: 'First',
  last_name: `Last${id}`,
  email: `user${id}@example.org`,
  deactivated_at: null,
  must_change_password: 0,
  created_at: 1000 + id,
  ...over,
});

describe('adminUsersOf', () => {
  it('answers in the order of the ids asked, leaving out one not found', () => {
    const found = adminUsersOf([3, 99, 1], { rows: [user(1), user(3)], school: [], global: [] });
    expect(found.map((u) => u.id)).toEqual([3, 1]);
  });

  it.each<[string, { school: { user_id: number; permission: string }[]; global: { user_id: number; permission: string }[] }, string[], string[]]>([
    ['no permission: a learner', { school: [], global: [] }, [], []],
    ['roles at this school in the list’s order, whatever their case', { school: [{ user_id: 1, permission: 'schooladmin' }, { user_id: 1, permission: 'TEACHER' }], global: [] }, ['TEACHER', 'SCHOOLADMIN'], []],
    ['a permission that is no school role is not a role', { school: [{ user_id: 1, permission: 'SOMETHING' }], global: [] }, [], []],
    ['another user’s roles are not theirs', { school: [{ user_id: 2, permission: 'TEACHER' }], global: [{ user_id: 2, permission: 'support' }] }, [], []],
    ['global permissions upper-cased', { school: [], global: [{ user_id: 1, permission: 'gadminsuperuser' }] }, [], ['GADMINSUPERUSER']],
  ])('%s', (_, permissions, roles, globalPermissions) => {
    const [one] = adminUsersOf([1], { rows: [user(1)], ...permissions });
    expect(one).toMatchObject({ roles, globalPermissions });
  });

  it.each<[Partial<UserRow>, boolean, boolean]>([
    [{}, false, false],
    [{ deactivated_at: 5 }, true, false],
    [{ must_change_password: 1 }, false, true],
  ])('row %j: deactivated %j, must change password %j', (over, deactivated, mustChangePassword) => {
    expect(adminUsersOf([1], { rows: [user(1, over)], school: [], global: [] })[0]).toEqual({
      id: 1,
      userName: 'user1',
      firstName: 'First',
      lastName: 'Last1',
      email: 'user1@example.org',
      roles: [],
      globalPermissions: [],
      deactivated,
      mustChangePassword,
      createdAt: 1001,
    });
  });
});
