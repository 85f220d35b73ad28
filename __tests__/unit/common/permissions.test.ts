import { hasPermission } from '../../../src/common/permissions';

describe('permission check (SPEC §6)', () => {
  it.each([
    [['GADMINSUPERUSER'], 'SUPPORT', true],
    [['GADMINSUPERUSER'], 'anything-at-all', true],
    [['GADMINSUPERUSER', 'X'], 'y', true],
  ])('[S6.01] %p passes every check (asking %p → %p)', (permissions, required, expected) => {
    expect(hasPermission(permissions, required)).toBe(expected);
  });

  it.each([
    [['SUPPORT'], 'support', true],
    [['SUPPORT'], 'Support', true],
    [['SUPPORT'], 'SUPPORT', true],
    [['SUPPORT'], 'admin', false],
    [['support'], 'support', false], // the list holds upper-case names; only the request is uppercased
    [[], 'support', false],
    [null, 'support', false],
    [undefined, 'support', false],
    [['gadminsuperuser'], 'support', false],
  ])('[S6.02] %p asking %p → %p (request uppercased, must be in the list)', (permissions, required, expected) => {
    expect(hasPermission(permissions, required)).toBe(expected);
  });
});
