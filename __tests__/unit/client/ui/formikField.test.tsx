/**
 * When an account form shows a field's error (ui/formikField.ts): after a submit attempt, or once the
 * field was changed — at once when a changed field is empty ("First name is required"), otherwise
 * once it is left. Tabbing past an empty field says nothing.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { profileSchema } from '../../../../src/common/accounts';
import { fieldProps } from '../../../../src/client/ui/formikField';

function ProfileForm({ onSubmit = () => {} }: { onSubmit?: () => void }) {
  const formik = useFormik({
    initialValues: { firstName: '', lastName: 'Tester', email: '', timezone: 'America/Chicago' },
    validationSchema: profileSchema,
    onSubmit,
  });
  return (
    <form noValidate onSubmit={formik.handleSubmit} aria-label="Edit profile">
      <TextField {...fieldProps(formik, 'firstName')} label="First name" required />
      <TextField {...fieldProps(formik, 'lastName')} label="Last name" required />
      <TextField {...fieldProps(formik, 'email')} label="E-mail" required />
      <button type="submit">Save</button>
    </form>
  );
}

const invalid = (label: string) => screen.getByLabelText(label, { exact: false }).getAttribute('aria-invalid') === 'true';

it('tabbing past an empty required field says nothing and turns nothing red', async () => {
  const user = userEvent.setup();
  render(<ProfileForm />);
  await user.click(screen.getByLabelText('First name', { exact: false }));
  await user.tab();
  await user.tab();
  await user.tab();
  expect(screen.queryByText(/is required/)).not.toBeInTheDocument();
  expect(invalid('First name')).toBe(false);
  expect(invalid('E-mail')).toBe(false);
});

it('a changed field emptied again says at once that it is required, naming the field', async () => {
  const user = userEvent.setup();
  render(<ProfileForm />);
  const last = screen.getByLabelText('Last name', { exact: false });
  await user.clear(last);
  expect(await screen.findByText('Last name is required')).toBeInTheDocument();
  expect(last).toHaveFocus();
  expect(invalid('Last name')).toBe(true);
  await user.type(last, 'T');
  expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
});

it('any other rule waits until the changed field is left, then follows the typing', async () => {
  const user = userEvent.setup();
  render(<ProfileForm />);
  const email = screen.getByLabelText('E-mail', { exact: false });
  await user.type(email, 'quinn@');
  expect(screen.queryByText('Email is not valid')).not.toBeInTheDocument();
  await user.tab();
  expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
  await user.type(email, 'example.edu');
  expect(screen.queryByText('Email is not valid')).not.toBeInTheDocument();
});

it('a submit attempt shows every error, each naming its field, and sends nothing', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn();
  render(<ProfileForm onSubmit={onSubmit} />);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('First name is required')).toBeInTheDocument();
  expect(screen.getByText('E-mail is required')).toBeInTheDocument();
  expect(screen.queryByText('Value is required')).not.toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});
