/**
 * The console's reply and note forms on a ticket: each clears when its own message is stored, and
 * keeps what is typed in it while another action (a note, an assignment) lands beside it.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { deskActionRequested, deskActionSucceeded, ticketLoaded } from '../../../../../src/client/features/support/slice';
import { SUPPORT_PERMISSION, type TicketMessage } from '../../../../../src/common/support';
import { ticketDetail } from './fixtures';
import { demoSession, NOW, renderApp } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const ticket = ticketDetail(NOW);

const message = (id: number, kind: TicketMessage['kind'], body: string): TicketMessage => ({ id, kind, authorName: 'Priya Patel', body, createdAt: NOW });

async function ticketPage() {
  const staff = { ...demoSession(), permissions: [SUPPORT_PERMISSION] };
  const { store } = renderApp(`/app/support/tickets/${ticket.key}`, { preloadedState: { auth: signedInState(staff, NOW + 30 * 60_000) } });
  await screen.findByRole('heading', { level: 1, name: `Ticket ${ticket.key}` });
  act(() => {
    store.dispatch(ticketLoaded(ticket));
  });
  return store;
}

const field = (label: string) => screen.getByLabelText<HTMLTextAreaElement>(new RegExp(`^${label}`), { selector: 'textarea' });

it('a note that lands keeps the reply being typed, and clears the note box', async () => {
  const store = await ticketPage();
  fireEvent.change(field('Note for staff'), { target: { value: 'The quiz bank was empty' } });
  fireEvent.change(field('Your reply'), { target: { value: 'We refilled the quiz.' } });
  act(() => {
    store.dispatch(deskActionRequested({ kind: 'note', key: ticket.key, body: 'The quiz bank was empty' }));
  });
  expect(screen.getByRole('button', { name: 'Send reply' })).toBeDisabled();
  act(() => {
    store.dispatch(deskActionSucceeded({ kind: 'note', ticket: { ...ticket, messages: [message(1, 'note', 'The quiz bank was empty')] } }));
  });
  expect(screen.getByText('The quiz bank was empty', { selector: 'li p' })).toBeInTheDocument();
  expect(field('Note for staff').value).toBe('');
  expect(field('Your reply').value).toBe('We refilled the quiz.');
  expect(screen.getByRole('button', { name: 'Send reply' })).toBeEnabled();
});

it('an assignment that lands keeps both boxes as they are', async () => {
  const store = await ticketPage();
  fireEvent.change(field('Your reply'), { target: { value: 'Looking into it.' } });
  fireEvent.change(field('Note for staff'), { target: { value: 'Half a thought' } });
  act(() => {
    store.dispatch(deskActionSucceeded({ kind: 'assign', ticket: { ...ticket, assignee: { id: 7, name: 'Priya Patel' } } }));
  });
  expect(field('Your reply').value).toBe('Looking into it.');
  expect(field('Note for staff').value).toBe('Half a thought');
});

it('a stored reply clears the reply box and keeps a note being typed', async () => {
  const store = await ticketPage();
  fireEvent.change(field('Your reply'), { target: { value: 'We refilled the quiz.' } });
  fireEvent.change(field('Note for staff'), { target: { value: 'Half a thought' } });
  act(() => {
    store.dispatch(deskActionSucceeded({ kind: 'reply', ticket: { ...ticket, status: 'waiting-on-student', messages: [message(2, 'reply', 'We refilled the quiz.')] } }));
  });
  expect(field('Your reply').value).toBe('');
  expect(field('Note for staff').value).toBe('Half a thought');
});
