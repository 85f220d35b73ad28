/**
 * The scenario suite: every SPEC §4 "Session check" row and boundary, replayed
 * through the real sessionSaga with a virtual clock. Add scenarios in
 * __tests__/support/sessionScenarios/catalogue.ts (docs/testing-sessions.md).
 */
import { sessionScenarios } from '../../../../support/sessionScenarios/catalogue';
import { formatLog } from '../../../../support/sessionScenarios/format';
import { runScenario } from '../../../../support/sessionScenarios/runScenario';

describe('session scenarios (SPEC §4 "Session check", §9 thresholds)', () => {
  it.each(sessionScenarios.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    expect(scenario.expected).toBeDefined();
    expect(formatLog(runScenario(scenario).log)).toEqual(scenario.expected);
  });
});
