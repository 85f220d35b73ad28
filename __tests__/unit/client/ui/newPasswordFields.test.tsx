/**
 * A new password and its repetition (ui/NewPasswordFields.tsx): labelled as the form says, both
 * `new-password`, the strength meter under the password, the errors of the form's schema once touched.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormik } from 'formik';
import { ACCOUNT_MESSAGES, passwordStepSchema, withConfirmation } from '../../../../src/common/accounts';
import { NewPasswordFields } from '../../../../src/client/ui/NewPasswordFields';

function Form({ userName }: { userName?: string }) {
  const formik = useFormik({
    initialValues: { password: '', confirm: '' },
    validationSchema: withConfirmation(passwordStepSchema, 'password'),
    onSubmit: () => undefined,
  });
  return (
    <form aria-label="Change password">
      <NewPasswordFields formik={formik} name="password" label="New password" confirmLabel="Repeat the new password" {...(userName ? { userName } : {})} />
    </form>
  );
}

const password = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const confirm = () => screen.getByLabelText(/^Repeat the new password/, { selector: 'input' });

it('labels both fields as the form says; both are new passwords, required', () => {
  render(<Form />);
  for (const input of [password(), confirm()]) {
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toBeRequired();
  }
  expect(password()).toHaveAttribute('name', 'password');
  expect(confirm()).toHaveAttribute('name', 'confirm');
});

it('shows the strength of the password being typed, and none before', async () => {
  render(<Form />);
  expect(screen.queryByText(/^Password strength/)).not.toBeInTheDocument();
  await userEvent.type(password(), 'plum kettle harbor');
  expect(await screen.findByText(/^Password strength: /)).toBeInTheDocument();
});

it("a user name in the password weakens it (the meter is given the learner's user name)", async () => {
  render(<Form userName="quinn.tester" />);
  await userEvent.type(password(), 'quinn.tester');
  expect(await screen.findByText('Password strength: Weak')).toBeInTheDocument();
});

it("shows the form's error for a repetition that differs, once it is touched", async () => {
  render(<Form />);
  await userEvent.type(password(), 'plum kettle harbor');
  await userEvent.type(confirm(), 'plum kettle');
  await userEvent.tab();
  await waitFor(() => expect(screen.getByText(ACCOUNT_MESSAGES.passwordsDiffer)).toBeInTheDocument());
});
