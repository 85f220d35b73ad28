/** /app/profile pages: the e-mail change's messages, the tabs on a narrow screen. */
import { act, screen } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '../../../../../../src/common/accounts';
import { emailConfirmed, profileLoaded, profileSaved } from '../../../../../../src/client/features/profile/slice';
import { renderApp, signedIn } from '../../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

describe('/app/profile/edit: changing the e-mail address', () => {
  it('says once that a code was sent, then shows the confirmation instead', async () => {
    const { store } = renderApp('/app/profile/edit', { preloadedState: signedIn() });
    await screen.findByRole('form', { name: 'Edit profile' });
    act(() => {
      store.dispatch(profileLoaded({ products: [], pendingEmail: null }));
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
