/**
 * The Get Help panel: title, fields and texts [S2.18]–[S2.20], prefill [S4.18], errors
 * only once a field is dirty [S5.05], Submit disabled while sending [S2.22], reset after success
 * [S4.19], a click outside does not close it [S2.19].
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createMemoryStorage } from '../../../../../src/client/app/sagaContext';
import { createAppStore } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { SupportPanel } from '../../../../../src/client/features/support/components/SupportPanel';
import { supportRequested, supportSucceeded } from '../../../../../src/client/features/support/slice';
import { RECORDING_NOTICE, RECORDING_NOTICE_WITH_BUFFER } from '../../../../../src/common/support';
import { makeSession, NOW } from '../harness';

/** The panel, opened; `await`ed so that the form's first validation (a promise in formik) has settled. */
async function renderPanel(signedIn: boolean | 'student' = true) {
  const { store } = createAppStore({
    context: { clock: () => NOW, storage: createMemoryStorage(), logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() } },
    // the harness's session holds SUPPORT (staff: no minute kept before a request); 'student' holds nothing
    preloadedState: signedIn ? { auth: signedInState(makeSession(signedIn === 'student' ? { permissions: [] } : {}), NOW + 30 * 60_000) } : {},
    runSagas: false,
    devTools: false,
  });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SupportPanel />
      </MemoryRouter>
    </Provider>,
  );
  await act(async () => {
    store.dispatch(supportRequested());
  });
  return { store, dialog: screen.getByRole('dialog', { name: 'Get Help' }) };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { exact: false, selector: 'input, textarea' });

// typing with user-event is slow on a shared 2-core machine
jest.setTimeout(20_000);

beforeEach(() => window.sessionStorage.clear());

describe('Get Help panel', () => {
  it('what is typed and the recording choice survive a reload of the tab (a new store and panel)', async () => {
    const user = userEvent.setup();
    const first = await renderPanel();
    await user.type(field(first.dialog, 'Subject'), 'Quiz froze');
    await user.click(within(first.dialog).getByRole('checkbox', { name: 'Attach a recording of my screen' }));
    cleanup();
    const { dialog, store } = await renderPanel();
    expect(field(dialog, 'Subject')).toHaveValue('Quiz froze');
    expect(within(dialog).getByRole('checkbox', { name: 'Attach a recording of my screen' })).toBeChecked();
    expect(store.getState().support.recordingConsent.panel).toBe(true);
  });

  it('minimized, a small bar reopens it as it was; a recording mark shows while the box is ticked', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPanel();
    expect(within(dialog).queryByLabelText('Recording your screen for this request')).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Attach a recording of my screen' }));
    expect(within(dialog).getByLabelText('Recording your screen for this request')).toBeInTheDocument();
    await user.type(field(dialog, 'Subject'), 'Quiz froze');
    await user.click(within(dialog).getByRole('button', { name: 'Minimize Get Help' }));
    const bar = await screen.findByRole('region', { name: 'Get Help, minimized' });
    expect(within(bar).getByLabelText('Recording your screen for this request')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Reopen' }));
    const reopened = await screen.findByRole('dialog', { name: 'Get Help' });
    expect(field(reopened, 'Subject')).toHaveValue('Quiz froze');
    expect(screen.queryByRole('region', { name: 'Get Help, minimized' })).toBeNull();
  });

  it('signed in, it leads to My requests (the requests sent and their answers); signed out it does not', async () => {
    const { dialog } = await renderPanel();
    expect(within(dialog).getByRole('link', { name: 'My requests' })).toHaveAttribute('href', '/app/support#my-requests');
    cleanup();
    const signedOut = await renderPanel(false);
    expect(within(signedOut.dialog).queryByRole('link', { name: 'My requests' })).toBeNull();
  });

  it('[S2.18] [S2.20] [S2.21] opens on the support event: titled Get Help, the four fields, the hint, the hours, the recording notice', async () => {
    const { dialog } = await renderPanel();
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Get Help' })).toBeInTheDocument();
    for (const label of ['Your Name', 'Your Email', 'Subject', 'Comments']) expect(field(dialog, label)).toBeInTheDocument();
    expect(within(dialog).getByText('Please provide as much detail as possible.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Monday through Friday, 8 a\.m\. to 6 p\.m\. ET/)).toBeInTheDocument();
  });

  it('the recording box starts unticked for everyone; its one line says what is recorded and who sees it; a tick is the store\'s', async () => {
    const user = userEvent.setup();
    const { store, dialog } = await renderPanel('student');
    const box = within(dialog).getByRole('checkbox', { name: 'Attach a recording of my screen' });
    expect(box).not.toBeChecked();
    // a signed-in student's tab keeps its last minute: the line says so, and that nothing leaves it unticked
    expect(box).toHaveAccessibleDescription(RECORDING_NOTICE_WITH_BUFFER);
    expect(within(dialog).getByText(RECORDING_NOTICE_WITH_BUFFER)).toBeInTheDocument();
    expect(store.getState().support.recordingConsent.panel).toBe(false);
    await user.click(box);
    expect(box).toBeChecked();
    expect(store.getState().support.recordingConsent).toEqual({ panel: true, page: false });
    await user.click(box);
    expect(store.getState().support.recordingConsent.panel).toBe(false);
  });

  it('[S4.18] is prefilled with the signed-in student\'s name and e-mail', async () => {
    const { dialog } = await renderPanel();
    expect(field(dialog, 'Your Name')).toHaveValue('Lena Learner');
    expect(field(dialog, 'Your Email')).toHaveValue('lena@example.edu');
  });

  it('signed out the name and e-mail are empty, and the recording line says it records from the tick only', async () => {
    const { dialog } = await renderPanel(false);
    expect(field(dialog, 'Your Name')).toHaveValue('');
    expect(field(dialog, 'Your Email')).toHaveValue('');
    expect(within(dialog).getByText(RECORDING_NOTICE)).toBeInTheDocument();
  });

  it('support staff (not buffered) read that the recording runs from the tick only', async () => {
    const { dialog } = await renderPanel();
    expect(within(dialog).getByText(RECORDING_NOTICE)).toBeInTheDocument();
  });

  it('[S5.05] shows no error before a field is dirty, then each SPEC message once it is', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPanel();
    expect(within(dialog).queryByText('Value is required')).not.toBeInTheDocument();
    // tabbing past the empty fields is not making them dirty
    await user.click(field(dialog, 'Subject'));
    await user.tab();
    await user.tab();
    expect(within(dialog).queryByText('Value is required')).not.toBeInTheDocument();
    await user.type(field(dialog, 'Subject'), 'x');
    await user.clear(field(dialog, 'Subject'));
    expect(await within(dialog).findByText('Value is required')).toBeInTheDocument();
    await user.clear(field(dialog, 'Your Name'));
    await user.type(field(dialog, 'Your Name'), 'L');
    expect(await within(dialog).findByText('Your name must be at least 2 characters')).toBeInTheDocument();
    await user.clear(field(dialog, 'Your Email'));
    await user.type(field(dialog, 'Your Email'), 'lena.example.edu');
    expect(await within(dialog).findByText('Email is not valid')).toBeInTheDocument();
    fireEvent.change(field(dialog, 'Comments'), { target: { value: 'c'.repeat(2001) } });
    expect(await within(dialog).findByText('Comments must be less than 2,000 characters')).toBeInTheDocument();
    // the hint gives way to the error and comes back when the comments are fine
    fireEvent.change(field(dialog, 'Comments'), { target: { value: 'fine' } });
    expect(await within(dialog).findByText('Please provide as much detail as possible.')).toBeInTheDocument();
  });

  it('[S2.22] Submit is disabled while sending; [S4.19] after success subject and comments are cleared and validation reset', async () => {
    const user = userEvent.setup();
    const { store, dialog } = await renderPanel();
    await user.type(field(dialog, 'Subject'), 'Quiz broken');
    await user.type(field(dialog, 'Comments'), 'It does not load.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(store.getState().support.forms.panel.status).toBe('pending'));
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();

    act(() => {
      store.dispatch(supportSucceeded({ formId: 'panel', issuekey: 'HELP-1042' }));
      store.dispatch(supportRequested());
    });
    const again = screen.getByRole('dialog', { name: 'Get Help' });
    await waitFor(() => expect(field(again, 'Subject')).toHaveValue(''));
    expect(field(again, 'Comments')).toHaveValue('');
    expect(field(again, 'Your Name')).toHaveValue('Lena Learner');
    expect(within(again).queryByText('Value is required')).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('[S2.19] a click on the backdrop does not close it; Escape and the close button do', async () => {
    const user = userEvent.setup();
    const { store } = await renderPanel();
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    expect(backdrop).not.toBeNull();
    await user.click(backdrop);
    expect(store.getState().support.panelOpen).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Get Help' }), { key: 'Escape' });
    expect(store.getState().support.panelOpen).toBe(false);
    act(() => {
      store.dispatch(supportRequested());
    });
    await user.click(screen.getByRole('button', { name: 'Close Get Help' }));
    expect(store.getState().support.panelOpen).toBe(false);
  });

  it('nothing typed is lost when the panel is closed and opened again', async () => {
    const user = userEvent.setup();
    const { store, dialog } = await renderPanel();
    await user.type(field(dialog, 'Subject'), 'Keep me');
    await user.keyboard('{Escape}');
    act(() => {
      store.dispatch(supportRequested());
    });
    expect(field(screen.getByRole('dialog', { name: 'Get Help' }), 'Subject')).toHaveValue('Keep me');
  });
});
