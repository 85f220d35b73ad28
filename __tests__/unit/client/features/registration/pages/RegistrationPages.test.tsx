/** /register/{id}/record/{rid}/password: a server refusal goes once the password is changed. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationRecordView } from '../../../../../../src/common/accounts';
import { ACCOUNT_MESSAGES } from '../../../../../../src/common/accounts';
import { recordLoaded, requestFailed } from '../../../../../../src/client/features/registration/slice';
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
