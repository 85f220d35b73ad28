/**
 * The support console's reads (tickets, a ticket, a recording) on a real store with a fake server:
 * each asks OneLook for its path and keeps the answer, or a typed error (kind, status, message).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { supportSaga } from '../../../../../src/client/features/support/sagas';
import { recordingRequested, ticketRequested, ticketsRequested } from '../../../../../src/client/features/support/slice';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { harness, makeSession, NOW, settle, type FakeAnswer, type RecordedRequest } from '../harness';

const session = makeSession();
const signedIn = { auth: signedInState(session, NOW + 30 * 60_000) };

const reads: { name: string; request: UnknownAction; path: string; slice: 'tickets' | 'ticket' | 'recording'; answer: unknown }[] = [
  { name: 'the tickets', request: ticketsRequested(), path: '/support/tickets', slice: 'tickets', answer: [{ issuekey: 'HELP-1' }] },
  { name: 'a ticket', request: ticketRequested({ key: 'HELP 1/2' }), path: '/support/tickets/HELP%201%2F2', slice: 'ticket', answer: { issuekey: 'HELP 1/2' } },
  { name: 'a recording', request: recordingRequested({ id: 'r-1' }), path: '/support/recordings/r-1', slice: 'recording', answer: { events: [] } },
];

function serve(answer: (path: string) => FakeAnswer) {
  return {
    'POST /api/service': (req: RecordedRequest): FakeAnswer => answer((req.data as { path: string }).path),
  };
}

describe.each(reads)('reading $name', ({ request, path, slice, answer }) => {
  it('asks OneLook for its path with GET and keeps the answer', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [supportSaga], routes: serve(() => ({ status: 200, data: answer })) });
    h.store.dispatch(request);
    await settle();
    expect(h.requests).toHaveLength(1);
    expect(h.requests[0]!.data).toEqual(expect.objectContaining({ service: 'OneLook', method: 'GET', path }));
    expect(h.state().support[slice]).toEqual({ status: 'succeeded', data: answer, error: null });
  });

  it('keeps a refusal as a typed error', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [supportSaga], routes: serve(() => ({ status: 404, data: { message: 'Not found.' } })) });
    h.store.dispatch(request);
    await settle();
    expect(h.state().support[slice]).toEqual(expect.objectContaining({ status: 'failed', error: { kind: 'client', status: 404, message: 'Not found.' } }));
  });

  it('keeps a server failure as a typed error', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [supportSaga], routes: serve(() => ({ status: 503, data: { message: 'Try again later.' } })) });
    h.store.dispatch(request);
    await settle();
    expect(h.state().support[slice]).toEqual(expect.objectContaining({ status: 'failed', error: { kind: 'server', status: 503, message: 'Try again later.' } }));
  });
});
