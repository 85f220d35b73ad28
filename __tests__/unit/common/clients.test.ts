import { currentSchool, isMultiTenant, sameClientId } from '../../../src/common/clients';

const lincoln = { lsclientID: 'LINCOLN', clientName: 'Lincoln High School' };
const roosevelt = { lsclientID: 'Roosevelt', clientName: 'Roosevelt Academy' };

describe('clients (SPEC §1, §3)', () => {
  it.each([
    [[], false],
    [null, false],
    [undefined, false],
    [[lincoln], false],
    [[lincoln, roosevelt], true],
  ])('[S1.03] clients %p → multi-tenant %p', (clients, expected) => {
    expect(isMultiTenant(clients)).toBe(expected);
  });

  it.each([
    [[lincoln, roosevelt], lincoln],
    [[roosevelt, lincoln], roosevelt],
    [[], null],
    [null, null],
  ])('[S1.03] the first client is the current school', (clients, expected) => {
    expect(currentSchool(clients)).toEqual(expected);
  });

  it.each([
    ['LINCOLN', 'lincoln', true],
    ['Roosevelt', 'ROOSEVELT', true],
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'abc ', false],
  ])('[S3.04] %p vs %p → same %p (case-insensitive)', (a, b, expected) => {
    expect(sameClientId(a, b)).toBe(expected);
  });
});
