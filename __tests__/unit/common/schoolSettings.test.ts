/** The school settings' rules, shared by the page, the route and the CLI. */
import { MIN_AUDIT_RETENTION_DAYS, retentionFloor, retentionProblem, SETTINGS_MESSAGES, timezoneProblem } from '../../../src/common/schoolSettings';

describe('timezoneProblem', () => {
  it.each([
    ['America/New_York', null],
    ['Europe/Berlin', null],
    ['Pacific/Auckland', null],
    ['Mars/Olympus_Mons', SETTINGS_MESSAGES.timezone],
    ['', SETTINGS_MESSAGES.timezone],
    [42, SETTINGS_MESSAGES.timezone],
    [null, SETTINGS_MESSAGES.timezone],
  ])('%j → %j', (value, expected) => {
    expect(timezoneProblem(value)).toBe(expected);
  });
});

describe('retentionProblem: a school may choose shorter than the deployment, never longer', () => {
  const recordings = SETTINGS_MESSAGES.retention('Support recordings', 1, 30);
  const audit = SETTINGS_MESSAGES.retention('Audit trail', MIN_AUDIT_RETENTION_DAYS, 730);
  it.each([
    ['recordings', null, 30, null],
    ['recordings', 1, 30, null],
    ['recordings', 30, 30, null],
    ['recordings', 31, 30, recordings],
    ['recordings', 0, 30, recordings],
    ['recordings', 2.5, 30, recordings],
    ['recordings', '7', 30, recordings],
    ['audit', MIN_AUDIT_RETENTION_DAYS, 730, null],
    ['audit', MIN_AUDIT_RETENTION_DAYS - 1, 730, audit],
    ['audit', 731, 730, audit],
    // a deployment that keeps less than the floor: its own is the floor
    ['audit', 30, 30, null],
  ] as const)('%s %j (deployment %d) → %j', (kind, value, max, expected) => {
    expect(retentionProblem(kind, value, max)).toBe(expected);
  });

  it('the floor is the lower of the rule and the deployment’s', () => {
    expect(retentionFloor('audit', 730)).toBe(MIN_AUDIT_RETENTION_DAYS);
    expect(retentionFloor('audit', 30)).toBe(30);
    expect(retentionFloor('recordings', 30)).toBe(1);
  });
});
