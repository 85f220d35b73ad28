/**
 * The account forms' frame (ui/FormStack.tsx): a form named by its label, no browser validation,
 * its fields and button in order, a column unless told otherwise; submitting calls onSubmit.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { FormStack } from '../../../../src/client/ui/FormStack';

function renderForm(direction?: { xs: 'column'; sm: 'row' }) {
  const onSubmit = jest.fn((event: React.FormEvent<HTMLFormElement>) => event.preventDefault());
  render(
    <FormStack label="Add access code" onSubmit={onSubmit} {...(direction ? { direction } : {})}>
      <TextField id="code" label="Access code" required />
      <Button type="submit">Add code</Button>
    </FormStack>,
  );
  return { onSubmit, form: screen.getByRole('form', { name: 'Add access code' }) };
}

it('is a form named by its label, left to formik to validate, with its children in order', () => {
  const { form } = renderForm();
  expect(form.tagName).toBe('FORM');
  expect(form).toHaveAttribute('novalidate');
  const field = within(form).getByRole('textbox', { name: /Access code/ });
  const button = within(form).getByRole('button', { name: 'Add code' });
  expect(field.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // the stack is the form's one child; the field and the button are the stack's
  expect(form.children).toHaveLength(1);
  expect(form.firstElementChild!.children).toHaveLength(2);
});

it('submitting (the button, or Enter in a field) calls onSubmit', async () => {
  const { onSubmit, form } = renderForm();
  await userEvent.click(within(form).getByRole('button', { name: 'Add code' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  await userEvent.type(within(form).getByRole('textbox', { name: /Access code/ }), 'ABCD{Enter}');
  expect(onSubmit).toHaveBeenCalledTimes(2);
});

it('stacks as a column by default, and as the direction given otherwise', () => {
  render(
    <>
      <FormStack label="Column" onSubmit={jest.fn()}>
        <span>a</span>
      </FormStack>
      <FormStack label="Beside" onSubmit={jest.fn()} direction={{ xs: 'column', sm: 'row' }}>
        <span>b</span>
      </FormStack>
    </>,
  );
  const column = screen.getByRole('form', { name: 'Column' }).firstElementChild!;
  const beside = screen.getByRole('form', { name: 'Beside' }).firstElementChild!;
  expect(getComputedStyle(column).flexDirection).toBe('column');
  // jsdom applies no media query, so the row shows only as a style of its own
  expect(beside.className).not.toBe(column.className);
});
