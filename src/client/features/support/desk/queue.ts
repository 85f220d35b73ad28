/**
 * The support queue's model, pure: the columns (SPEC §9 match modes), the desk's own filters (state,
 * school, assignee, recording) and the time to first reply in business hours (SPEC §9: Monday–Friday,
 * 8 a.m.–6 p.m. ET).
 */
import { businessMsBetween, formatBusinessDuration, median } from '../../../../common/businessHours';
import { SUPPORT_HOURS_NOTE, TICKET_STATUS_LABELS, type TicketStatus, type TicketSummary } from '../../../../common/support';
import type { ColumnFilterState } from '../../../ui/ColumnFilter';
import { defaultMatchMode, matchesFilter, type FilterKind } from '../../../ui/filters';

export interface Column {
  id: 'key' | 'subject' | 'name' | 'school' | 'class' | 'status' | 'createdAt';
  label: string;
  kind: FilterKind;
  value: (t: TicketSummary) => string | number | null;
  filterValue?: (t: TicketSummary) => string | number | Date | null;
}

export const COLUMNS: Column[] = [
  { id: 'key', label: 'Ticket', kind: 'text', value: (t) => t.number, filterValue: (t) => t.key },
  { id: 'subject', label: 'Subject', kind: 'text', value: (t) => t.subject.toLocaleLowerCase(), filterValue: (t) => t.subject },
  { id: 'name', label: 'From', kind: 'text', value: (t) => t.name.toLocaleLowerCase(), filterValue: (t) => `${t.name} ${t.email}` },
  { id: 'school', label: 'School', kind: 'text', value: (t) => (t.school ?? '').toLocaleLowerCase(), filterValue: (t) => t.school ?? '' },
  { id: 'class', label: 'Class', kind: 'text', value: (t) => t.classes.join(', ').toLocaleLowerCase(), filterValue: (t) => t.classes.join(', ') },
  { id: 'status', label: 'Status', kind: 'text', value: (t) => t.status, filterValue: (t) => TICKET_STATUS_LABELS[t.status] },
  { id: 'createdAt', label: 'Created', kind: 'date', value: (t) => t.createdAt, filterValue: (t) => new Date(t.createdAt) },
];

/** The columns kept below md (a phone, a tablet held upright); the others fold under the ticket's key. */
export const KEPT_FOLDED: ReadonlySet<Column['id']> = new Set(['key', 'status']);

export type Filters = Record<Column['id'], ColumnFilterState>;
export const emptyFilters = (): Filters =>
  Object.fromEntries(COLUMNS.map((c) => [c.id, { mode: defaultMatchMode(c.kind), value: '' }])) as Filters;

/**
 * Pure: filter (SPEC §9 match modes), then sort. The Created filter's moment is the day it is in
 * `timeZone`, the signed-in staff member's, as the table shows it; a typed day is that calendar day.
 */
export function visibleTickets(
  tickets: readonly TicketSummary[],
  filters: Filters,
  orderBy: Column['id'],
  order: 'asc' | 'desc',
  timeZone?: string,
): TicketSummary[] {
  const column = COLUMNS.find((c) => c.id === orderBy) ?? COLUMNS[0]!;
  return tickets
    .filter((t) =>
      COLUMNS.every((c) => {
        const f = filters[c.id];
        return matchesFilter((c.filterValue ?? c.value)(t), f.mode, f.value, { timeZone });
      }),
    )
    .sort((a, b) => {
      const x = column.value(a) ?? '';
      const y = column.value(b) ?? '';
      const cmp = x < y ? -1 : x > y ? 1 : 0;
      return order === 'asc' ? cmp : -cmp;
    });
}

/** The desk's own filters, beside the column filters: a state, a school, who the ticket is assigned to, and a recording. */
export interface DeskFilters {
  state: TicketStatus | '';
  /** '' any school, else the school's name as the tickets carry it ('-': none, a /help ticket) */
  school: string;
  /** '' anyone, 'none' unassigned, 'me' the signed-in staff member, or a staff member's id */
  assignee: string;
  /** only tickets with a recording to replay */
  recording: boolean;
}
export const noDeskFilters: DeskFilters = { state: '', school: '', assignee: '', recording: false };
export const NO_SCHOOL = '-';

/** Pure: the tickets the state, school, assignee and recording filters let through (`meId`: the signed-in staff member). */
export function deskFiltered(tickets: readonly TicketSummary[], filters: DeskFilters, meId: number | null): TicketSummary[] {
  return tickets.filter((t) => {
    if (filters.state && t.status !== filters.state) return false;
    if (filters.school && (t.school ?? NO_SCHOOL) !== filters.school) return false;
    if (filters.recording && !t.hasRecording) return false;
    if (filters.assignee === 'none') return t.assignee === null;
    if (filters.assignee === 'me') return t.assignee !== null && t.assignee.id === meId;
    if (filters.assignee) return t.assignee !== null && String(t.assignee.id) === filters.assignee;
    return true;
  });
}

/** A ticket's time to first reply in business hours, or null while it has none. */
export function firstReplyMs(t: Pick<TicketSummary, 'createdAt' | 'firstReplyAt'>): number | null {
  return t.firstReplyAt === null ? null : businessMsBetween(t.createdAt, t.firstReplyAt);
}

export function firstReplyText(t: Pick<TicketSummary, 'createdAt' | 'firstReplyAt'>): string {
  const ms = firstReplyMs(t);
  return ms === null ? 'No reply yet' : formatBusinessDuration(ms);
}

/** The median time to first reply over the tickets that have one, in words. */
export function medianFirstReplyText(tickets: readonly TicketSummary[]): string {
  const times = tickets.map(firstReplyMs).filter((ms): ms is number => ms !== null);
  const middle = median(times);
  if (middle === null) return 'Median time to first reply: no ticket shown has a reply yet.';
  return `Median time to first reply: ${formatBusinessDuration(middle)} (${times.length} of ${tickets.length} shown tickets answered; business hours are ${SUPPORT_HOURS_NOTE}).`;
}
