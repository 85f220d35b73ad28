/** A school settings change's problems, as a table: what is refused, and that a lone setting is a change. */
import { SETTINGS_MESSAGES, type SchoolSettingsChange } from '../../../../../src/common/schoolSettings';
import { changeProblems } from '../../../../../src/server/services/schoolSettings';

const DAY = 86_400_000;
const max = { recordingRetentionMs: 30 * DAY, auditRetentionMs: 730 * DAY };

it.each([
  ['nothing sent', {}, [SETTINGS_MESSAGES.nothing]],
  ['registration without e-mail on, alone', { studentsWithoutEmail: true }, []],
  ['registration without e-mail off, alone', { studentsWithoutEmail: false }, []],
  ['registration without e-mail as text', { studentsWithoutEmail: 'yes' as unknown as boolean }, [SETTINGS_MESSAGES.studentsWithoutEmail]],
  ['with a time zone', { timezone: 'America/New_York', studentsWithoutEmail: true }, []],
  ['Get Help’s minute before a request off, alone', { helpBuffer: false }, []],
  ['Get Help’s minute before a request as text', { helpBuffer: 'off' as unknown as boolean }, [SETTINGS_MESSAGES.helpBuffer]],
] as [string, SchoolSettingsChange, string[]][])('%s', (_what, change, problems) => {
  expect(changeProblems(change, max)).toEqual(problems);
});
