/** /app/profile pages: the e-mail change's messages, the school's address, the tabs on a narrow screen. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '../../../../../../src/common/accounts';
import {
  emailConfirmed,
  profileLoaded,
  profileSaved,
  profileSaveRequested,
  rosterEmailDismissed,
  rosterEmailDismissRequested,
} from '../../../../../../src/client/features/profile/slice';
import { renderApp, signedIn } from '../../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

describe('/app/profile/edit: changing the e-mail address', () => {
  it('says once that a code was sent, then shows the confirmation instead', async () => {
    const { store } = renderApp('/app/profile/edit', { preloadedState: signedIn() });
    await screen.findByRole('form', { name: 'Edit profile' });
    act(() => {
      store.dispatch(profileLoaded({ products: [], pendingEmail: null, rosterEmail: null }));
      store.dispatch(profileSaved({ pendingEmail: 'lena@new.example.org', message: ACCOUNT_MESSAGES.emailChangeSent }));
    });
    expect(await screen.findByText(/We sent a 6-digit code to lena@new\.example\.org/)).toBeInTheDocument();
    expect(screen.queryAllByText(/We sent a 6-digit code/)).toHaveLength(1);

    act(() => {
      store.dispatch(emailConfirmed({ message: ACCOUNT_MESSAGES.emailChanged }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.emailChanged);
    expect(screen.queryByText(/We sent a 6-digit code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Confirm new e-mail' })).not.toBeInTheDocument();
  });

  it('a save without a new address still shows the server’s message', async () => {
    const { store } = renderApp('/app/profile/edit', { preloadedState: signedIn() });
    await screen.findByRole('form', { name: 'Edit profile' });
    act(() => {
      store.dispatch(profileSaved({ pendingEmail: null, message: ACCOUNT_MESSAGES.profileSaved }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.profileSaved);
  });
});

describe('/app/profile: the e-mail in the school’s records', () => {
  const SCHOOL_EMAIL = 'lena.l@school.example.org';
  async function showNotice() {
    const app = renderApp('/app/profile', { preloadedState: signedIn() });
    act(() => {
      app.store.dispatch(profileLoaded({ products: [], pendingEmail: null, rosterEmail: SCHOOL_EMAIL }));
    });
    const notice = await screen.findByRole('region', { name: 'E-mail in your school’s records' });
    return { ...app, notice };
  }

  it('is offered, and “Use this address” is the e-mail change: a code to it, then the confirmation', async () => {
    const { store, dispatch, notice } = await showNotice();
    expect(notice).toHaveTextContent(`Your school’s records list your e-mail as ${SCHOOL_EMAIL}.`);
    const use = within(notice).getByRole('button', { name: 'Use this address' });
    expect(use).toHaveAccessibleDescription(expect.stringContaining(`Your school’s records list your e-mail as ${SCHOOL_EMAIL}`));
    fireEvent.click(use);
    // the same request as typing the address into the e-mail field and saving
    expect(dispatch).toHaveBeenCalledWith(profileSaveRequested({ firstName: 'Lena', lastName: 'Learner', email: SCHOOL_EMAIL, timezone: 'America/Chicago' }));

    act(() => {
      store.dispatch(profileSaved({ pendingEmail: SCHOOL_EMAIL, message: ACCOUNT_MESSAGES.emailChangeSent }));
    });
    expect(await screen.findByText(`We sent a 6-digit code to ${SCHOOL_EMAIL}. Enter it to confirm your new e-mail address.`)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Confirm new e-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'E-mail in your school’s records' })).not.toBeInTheDocument();

    act(() => {
      store.dispatch(emailConfirmed({ message: ACCOUNT_MESSAGES.emailChanged }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.emailChanged);
    expect(store.getState().profile.rosterEmail).toBeNull();
    expect(screen.queryByRole('region', { name: 'E-mail in your school’s records' })).not.toBeInTheDocument();
  });

  it('“Not mine” stops offering it, with the server’s message', async () => {
    const { store, dispatch, notice } = await showNotice();
    fireEvent.click(within(notice).getByRole('button', { name: 'Not mine' }));
    expect(dispatch).toHaveBeenCalledWith(rosterEmailDismissRequested());
    act(() => {
      store.dispatch(rosterEmailDismissed({ message: ACCOUNT_MESSAGES.rosterEmailDismissed }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.rosterEmailDismissed);
    expect(screen.queryByRole('region', { name: 'E-mail in your school’s records' })).not.toBeInTheDocument();
  });

  it('is not shown when the records agree with the account', async () => {
    const { store } = renderApp('/app/profile', { preloadedState: signedIn() });
    act(() => {
      store.dispatch(profileLoaded({ products: [], pendingEmail: null, rosterEmail: null }));
    });
    expect(await screen.findByText('lena@example.org')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use this address' })).not.toBeInTheDocument();
  });
});

describe('profile tabs on a narrow screen', () => {
  const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  afterEach(() => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
  });

  it('show scroll buttons (also on mobile) when the tabs do not fit', async () => {
    // 360 px: the first tab is in view, the last (Access Codes) is not
    class NarrowObserver {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(element: Element) {
        this.callback([{ isIntersecting: element.textContent !== 'Access Codes' }]);
      }
      disconnect() {}
    }
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = NarrowObserver;
    renderApp('/app/profile/edit', { preloadedState: signedIn() });
    const tabs = await screen.findByRole('tablist', { name: 'Profile sections' });
    const root = tabs.closest('.MuiTabs-root');
    const buttons = root?.querySelectorAll('.MuiTabScrollButton-root') ?? [];
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).not.toHaveClass('MuiTabs-scrollButtonsHideMobile');
    expect(buttons[1]).not.toHaveClass('Mui-disabled');
  });
});
