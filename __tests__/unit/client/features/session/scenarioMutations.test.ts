/**
 * Acceptance of the scenario suite FAILS if any SPEC §4 / §9 threshold is moved by one
 * step. Each mutant below reloads the session code with one SESSION constant changed and replays
 * the whole catalogue; at least one scenario must then produce a different event log.
 */
import type * as Constants from '../../../../../src/common/constants';
import type * as Format from '../../../../support/sessionScenarios/format';
import type * as Runner from '../../../../support/sessionScenarios/runScenario';
import type { SessionScenario } from '../../../../support/sessionScenarios/format';

const CONSTANTS = '../../../../../src/common/constants';
const MINUTE = 60_000;

type Session = { -readonly [K in keyof typeof Constants.SESSION]: number };

function failingScenarios(mutate: (s: Session) => void): string[] {
  let failing: string[] = [];
  jest.isolateModules(() => {
    const actual = jest.requireActual<typeof Constants>(CONSTANTS);
    const mutated: Session = { ...actual.SESSION };
    mutate(mutated);
    jest.doMock(CONSTANTS, () => ({ ...actual, SESSION: mutated }));
    /* eslint-disable @typescript-eslint/no-require-imports -- isolateModules needs require */
    const { sessionScenarios } = require('../../../../support/sessionScenarios/catalogue') as {
      sessionScenarios: SessionScenario[];
    };
    const { runScenario } = require('../../../../support/sessionScenarios/runScenario') as typeof Runner;
    const { formatLog } = require('../../../../support/sessionScenarios/format') as typeof Format;
    /* eslint-enable @typescript-eslint/no-require-imports */
    const differs = (s: SessionScenario) => {
      try {
        return JSON.stringify(formatLog(runScenario(s).log)) !== JSON.stringify(s.expected);
      } catch {
        return true; // e.g. a choice pressed while the mutant did not open the dialog
      }
    };
    failing = sessionScenarios.filter(differs).map((s) => s.name);
    jest.dontMock(CONSTANTS);
  });
  return failing;
}

describe('[S9.01] the scenario suite catches a rule moved by one step', () => {
  it('unchanged constants: every scenario matches (control)', () => {
    expect(failingScenarios(() => {})).toEqual([]);
  });

  const MS = 1;
  type Key = Exclude<keyof Session, 'expiryToleranceMs'>;
  const steps: [string, Key, number][] = [
    ['[S4.14] prompt threshold (inactivity 25 min)', 'inactivityPromptMs', MINUTE],
    ['[S4.14] prompt threshold (inactivity 25 min)', 'inactivityPromptMs', MS],
    ['[S4.15] logout threshold (inactivity 30 min)', 'inactivityLogoutMs', MINUTE],
    ['[S4.15] logout threshold (inactivity 30 min)', 'inactivityLogoutMs', MS],
    ['[S4.13] renew threshold (10 min remaining)', 'renewWhenRemainingMs', MINUTE],
    ['[S4.13] renew threshold (10 min remaining)', 'renewWhenRemainingMs', MS],
    ['[S4.12] logout threshold (1 min remaining)', 'logoutWhenRemainingMs', MINUTE],
    ['[S4.12] logout threshold (1 min remaining)', 'logoutWhenRemainingMs', MS],
    ['[S9.01] check interval (30 s)', 'checkIntervalMs', 1_000],
  ];
  it.each<[string, (s: Session) => void]>(
    steps.flatMap(([name, key, step]) => [
      [`${name} moved by −${step} ms`, (s: Session) => void (s[key] -= step)] as [string, (s: Session) => void],
      [`${name} moved by +${step} ms`, (s: Session) => void (s[key] += step)] as [string, (s: Session) => void],
    ]),
  )('mutant: %s → some scenario fails', (_name, mutate) => {
    expect(failingScenarios(mutate).length).toBeGreaterThan(0);
  });
});
