/**
 * /register: the code's preview (school, class, teachers) before the student commits;
 * …/verify: "Continue without e-mail" only where the school allows it;
 * …/password: a server refusal goes once the password is changed.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationRecordView } from '../../../../../../src/common/accounts';
import { ACCOUNT_MESSAGES } from '../../../../../../src/common/accounts';
import { codePreviewLoaded, recordLoaded, requestFailed } from '../../../../../../src/client/features/registration/slice';
import { en } from '../../../../../../src/client/features/registration/messages/en';

const NO_EMAIL_HELP = en['registration.noEmail.help'];
import { renderApp } from '../../../app/renderApp';

const record: RegistrationRecordView = {
  id: 7,
  invitationId: 3,
  step: 'password',
  schoolName: 'Maple Middle School',
  productName: 'Cashwise Financial Literacy',
  requiresExternalId: false,
  externalIdLabel: null,
  firstName: 'Quinn',
  lastName: 'Tester',
  externalId: null,
  termsAccepted: true,
  email: 'quinn@example.edu',
  emailLocked: false,
  emailVerified: true,
  userName: 'quinn.tester',
  resendInSeconds: 0,
  emailOptional: false,
  emailSkipped: false,
};

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

it("the server's refusal of a password goes once the password changes", async () => {
  const { store } = renderApp('/register/3/record/7/password');
  // the page (its lazily loaded chunk) asks for the record; the test answers
  await waitFor(() => expect(store.getState()).toHaveProperty('registration.status', 'pending'));
  act(() => {
    store.dispatch(recordLoaded({ record }));
  });
  const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
  await userEvent.type(password, 'quinn.tester');
  act(() => {
    store.dispatch(requestFailed({ kind: 'client', status: 400, message: ACCOUNT_MESSAGES.passwordIsUserName }));
  });
  expect(await screen.findByText(ACCOUNT_MESSAGES.passwordIsUserName)).toBeInTheDocument();
  await userEvent.type(password, 'x');
  await waitFor(() => expect(screen.queryByText(ACCOUNT_MESSAGES.passwordIsUserName)).not.toBeInTheDocument());
});

it('a code entered shows the school, the class and its teachers before anything starts', async () => {
  const { store } = renderApp('/register');
  await userEvent.type(await screen.findByRole('textbox', { name: /Class code/ }), 'abcd-efgh-jkmn');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(store.getState()).toHaveProperty('registration.status', 'pending'));
  act(() => {
    store.dispatch(
      codePreviewLoaded({ code: 'abcd-efgh-jkmn', schoolName: 'Lincoln High School', productName: 'Cashwise Financial Literacy', className: 'Period 2', teachers: ['Dana Rivera'], emailOptional: false }),
    );
  });
  expect(await screen.findByText('Period 2 — Dana Rivera, Lincoln High School')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'You are joining the class' })).toHaveFocus();
  const dispatched: string[] = [];
  store.subscribe(() => dispatched.push(String(store.getState().registration.status)));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
  expect(dispatched).toContain('pending');
});

it.each([
  [true, 1],
  [false, 0],
])('the verify step offers "Continue without e-mail" when the school allows it (%s)', async (emailOptional, count) => {
  const { store } = renderApp('/register/3/record/7/verify');
  await waitFor(() => expect(store.getState()).toHaveProperty('registration.status', 'pending'));
  act(() => {
    store.dispatch(recordLoaded({ record: { ...record, step: 'verify', email: null, emailVerified: false, userName: null, emailOptional } }));
  });
  await screen.findByRole('button', { name: 'Send me a code' });
  expect(screen.queryAllByRole('button', { name: 'Continue without e-mail' })).toHaveLength(count);
  expect(screen.queryAllByText(NO_EMAIL_HELP)).toHaveLength(count);
});
