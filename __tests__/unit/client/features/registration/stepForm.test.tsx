/**
 * A record step's form (registration/components/StepForm.tsx): named by its label, its fields, then
 * "Next" — which waits while a registration request is under way, or while the step blocks it; its
 * formik state starts from the record and submits the step for the record in the address.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { nameStepSchema, userNameStepSchema } from '../../../../../src/common/accounts';
import { fieldProps } from '../../../../../src/client/ui/formikField';
import { requestFailed, stepSubmitted } from '../../../../../src/client/features/registration/slice';
import { StepForm, useStepFormik } from '../../../../../src/client/features/registration/components/StepForm';
import { harness } from '../harness';

function renderStep(props: { blocked?: boolean } = {}) {
  const h = harness();
  const onSubmit = jest.fn((event: React.FormEvent<HTMLFormElement>) => event.preventDefault());
  render(
    <Provider store={h.store}>
      <StepForm label="Your name" onSubmit={onSubmit} {...props}>
        <TextField id="firstName" label="First name" />
      </StepForm>
    </Provider>,
  );
  const form = screen.getByRole('form', { name: 'Your name' });
  return { h, onSubmit, form, next: within(form).getByRole('button', { name: 'Next' }) };
}

it('is the named form with its fields, then Next, which submits', async () => {
  const { onSubmit, form, next } = renderStep();
  expect(form).toHaveAttribute('novalidate');
  expect(within(form).getByRole('textbox', { name: 'First name' })).toBeInTheDocument();
  expect(next).toHaveAttribute('type', 'submit');
  await userEvent.click(next);
  expect(onSubmit).toHaveBeenCalledTimes(1);
});

it('Next waits while a registration request is under way, and is back once it is answered', () => {
  const { h, next } = renderStep();
  expect(next).toBeEnabled();
  act(() => {
    h.store.dispatch(stepSubmitted({ invitationId: 3, recordId: 7, step: 'name', values: { firstName: 'Quinn', lastName: 'Tester' } }));
  });
  expect(next).toBeDisabled();
  act(() => {
    h.store.dispatch(requestFailed({ kind: 'client', status: 400, message: 'No.' }));
  });
  expect(next).toBeEnabled();
});

it('Next waits while the step blocks it (a user name that is taken)', () => {
  const { next } = renderStep({ blocked: true });
  expect(next).toBeDisabled();
});

function NameStep({ firstName }: { firstName: string }) {
  const formik = useStepFormik('name', { firstName, lastName: 'Tester' }, nameStepSchema);
  return (
    <StepForm label="Your name" onSubmit={formik.handleSubmit}>
      <TextField {...fieldProps(formik, 'firstName')} label="First name" />
      <TextField {...fieldProps(formik, 'lastName')} label="Last name" />
    </StepForm>
  );
}

function UserNameStep() {
  const formik = useStepFormik('username', { userName: '' }, userNameStepSchema, (values) => ({ userName: values.userName.trim().toLowerCase() }));
  return (
    <StepForm label="User name" onSubmit={formik.handleSubmit}>
      <TextField {...fieldProps(formik, 'userName')} label="User name" />
    </StepForm>
  );
}

function renderAt(path: string, element: React.ReactNode) {
  const h = harness();
  const dispatch = jest.spyOn(h.store, 'dispatch');
  const result = render(
    <Provider store={h.store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/register/:id/record/:rid/:step" element={element} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  const submitted = () => dispatch.mock.calls.map(([action]) => action).filter((action) => stepSubmitted.match(action));
  return { h, submitted, rerender: result.rerender, dispatch };
}

describe('useStepFormik', () => {
  it('starts from the record and submits the step, as typed, for the record in the address', async () => {
    const { submitted } = renderAt('/register/3/record/7/name', <NameStep firstName="Quinn" />);
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Quinn');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(submitted()).toHaveLength(1));
    expect(submitted()[0]!.payload).toEqual({ invitationId: 3, recordId: 7, step: 'name', values: { firstName: 'Quinn', lastName: 'Tester' } });
  });

  it("sends nothing while the form's rules are not met", async () => {
    const { submitted } = renderAt('/register/3/record/7/name', <NameStep firstName="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
    expect(submitted()).toHaveLength(0);
  });

  it('sends what toValues makes of the values', async () => {
    const { submitted } = renderAt('/register/3/record/7/username', <UserNameStep />);
    await userEvent.type(screen.getByRole('textbox', { name: 'User name' }), ' Quinn.Tester ');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(submitted()).toHaveLength(1));
    expect(submitted()[0]!.payload).toEqual({ invitationId: 3, recordId: 7, step: 'username', values: { userName: 'quinn.tester' } });
  });
});
