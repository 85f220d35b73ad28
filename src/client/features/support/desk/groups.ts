/**
 * The queue's grouping: tickets one student sent within an hour (a "flood" after one failure) are one
 * row that expands. A group never spans more than `windowMs` from its oldest ticket to its newest,
 * and sits where its first ticket in the queue's order is (the queue's sort and filters still
 * decide); a ticket from /help without a user name is grouped by its e-mail address. Pure.
 */
import type { TicketSummary } from '../../../../common/support';

export const GROUP_WINDOW_MS = 60 * 60_000;

export interface TicketGroup {
  /** the first of the group in the queue's order: the row shown */
  lead: TicketSummary;
  /** the others, in the queue's order (empty: a ticket on its own) */
  more: TicketSummary[];
}

const senderOf = (t: Pick<TicketSummary, 'userName' | 'email'>) => (t.userName ? `u:${t.userName.toLowerCase()}` : `e:${t.email.trim().toLowerCase()}`);

export function groupTickets(tickets: readonly TicketSummary[], windowMs: number = GROUP_WINDOW_MS): TicketGroup[] {
  const groups: (TicketGroup & { from: number; to: number; sender: string })[] = [];
  for (const t of tickets) {
    const sender = senderOf(t);
    const group = groups.find((g) => g.sender === sender && Math.max(g.to, t.createdAt) - Math.min(g.from, t.createdAt) <= windowMs);
    if (group) {
      group.more.push(t);
      group.from = Math.min(group.from, t.createdAt);
      group.to = Math.max(group.to, t.createdAt);
    } else {
      groups.push({ lead: t, more: [], from: t.createdAt, to: t.createdAt, sender });
    }
  }
  return groups.map(({ lead, more }) => ({ lead, more }));
}
