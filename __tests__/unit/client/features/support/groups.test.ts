/** The support queue's grouping of one student's tickets within an hour, as a table. */
import { GROUP_WINDOW_MS, groupTickets } from '../../../../../src/client/features/support/desk/groups';
import type { TicketSummary } from '../../../../../src/common/support';
import { ticketSummary } from './fixtures';

const MIN = 60_000;
const T0 = Date.UTC(2026, 8, 1, 14, 0);

/** "maya@10" → a ticket from user maya at T0 + 10 min; "anon:x@example.edu@5" → from /help by that address. */
function ticket(spec: string, n: number): TicketSummary {
  const at = spec.lastIndexOf('@');
  const who = spec.slice(0, at);
  const anonymous = who.startsWith('anon:');
  return ticketSummary(T0 + Number(spec.slice(at + 1)) * MIN, {
    key: `HELP-${1000 + n}`,
    number: 1000 + n,
    name: who,
    email: anonymous ? who.slice(5) : `${who}@example.edu`,
    userName: anonymous ? null : who,
  });
}

/** The groups as "lead+more,more" keys' numbers. */
const show = (specs: string[]) =>
  groupTickets(specs.map(ticket))
    .map((g) => [g.lead, ...g.more].map((t) => t.number - 1000).join('+'))
    .join(' ');

it.each([
  ['nothing', [], ''],
  ['one ticket', ['maya@0'], '0'],
  ['a flood: nine from one student within minutes, newest first', ['maya@40', 'maya@35', 'maya@30', 'maya@25', 'maya@20', 'maya@15', 'maya@10', 'maya@5', 'maya@0'], '0+1+2+3+4+5+6+7+8'],
  ['two students interleaved: a group each, where its first ticket is', ['maya@30', 'leo@25', 'maya@20', 'leo@10'], '0+2 1+3'],
  ['exactly an hour apart: still one group', ['maya@60', 'maya@0'], '0+1'],
  ['more than an hour apart: two rows', ['maya@61', 'maya@0'], '0 1'],
  ['a chain longer than an hour is cut: a group spans an hour at most', ['maya@100', 'maya@70', 'maya@40', 'maya@10'], '0+1+2 3'],
  ['the same name in another case is the same student', ['Maya@10', 'maya@0'], '0+1'],
  ['/help tickets group by e-mail address', ['anon:x@example.edu@10', 'anon:X@example.edu@5', 'anon:y@example.edu@0'], '0+1 2'],
  ['oldest first (another sort) groups the same', ['maya@0', 'maya@20', 'leo@30'], '0+1 2'],
])('%s', (_what, specs, groups) => {
  expect(show(specs)).toBe(groups);
});

it('the window is an hour', () => {
  expect(GROUP_WINDOW_MS).toBe(60 * MIN);
});
