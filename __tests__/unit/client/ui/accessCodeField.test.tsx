/**
 * A class code (ui/AccessCodeField.tsx): its field as the sign-up and the profile show it, the
 * shared schema's errors once touched, and the code sent trimmed.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessCodeField, CODE_FIELD_HELP, useAccessCodeFormik } from '../../../../src/client/ui/AccessCodeField';
import { ACCOUNT_MESSAGES } from '../../../../src/common/accounts';

function Form({ submit, autoFocus }: { submit: (code: string) => void; autoFocus?: boolean }) {
  const formik = useAccessCodeFormik(submit);
  return (
    <form aria-label="Access code" noValidate onSubmit={formik.handleSubmit}>
      <AccessCodeField formik={formik} {...(autoFocus ? { autoFocus } : {})} />
      <button type="submit">Continue</button>
    </form>
  );
}

const field = () => screen.getByRole('textbox', { name: /Class code/ });

it('is the labelled, required class-code field with its example, not filled in by the browser', () => {
  render(<Form submit={jest.fn()} />);
  expect(field()).toHaveAttribute('placeholder', 'ABCD-EFGH-JKMN');
  expect(field()).toHaveAttribute('autocomplete', 'off');
  expect(field()).toHaveAttribute('name', 'code');
  expect(field()).toBeRequired();
  expect(field()).not.toHaveFocus();
  // the class code is the usual one; a school's access code goes in the same field
  expect(field()).toHaveAccessibleDescription(CODE_FIELD_HELP);
});

it('takes the focus where the page asks for it', () => {
  render(<Form submit={jest.fn()} autoFocus />);
  expect(field()).toHaveFocus();
});

it('sends the code without the spaces around it', async () => {
  const submit = jest.fn();
  render(<Form submit={submit} />);
  await userEvent.type(field(), '  ABCD-EFGH-JKMN ');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(submit).toHaveBeenCalledWith('ABCD-EFGH-JKMN'));
});

it('sends nothing without a code, and says one is needed', async () => {
  const submit = jest.fn();
  render(<Form submit={submit} />);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText(ACCOUNT_MESSAGES.codeRequired)).toBeInTheDocument();
  expect(submit).not.toHaveBeenCalled();
});
