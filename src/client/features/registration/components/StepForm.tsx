/**
 * The form of a record step that the learner fills in (name, external id, terms, user name): its
 * formik state, which starts from what the record holds and submits the step (`stepSubmitted`, the
 * saga then goes to the record's next step), and its frame: the fields, then "Next", which waits
 * while a request of the registration is under way (or while the step says it cannot be sent yet:
 * `blocked`).
 */
import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useFormik, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormStack } from '../../../ui/FormStack';
import { selectRegistrationStatus } from '../selectors';
import { stepSubmitted, type EditableStep } from '../slice';
import { useRecordRef } from './RecordFrame';
import { useT } from '../../../i18n/features';
import { catalog } from '../messages/compiled/catalog';

/** A request of the registration (a step, a code, the account) is on its way. */
export function useRegistrationBusy(): boolean {
  return useAppSelector(selectRegistrationStatus) === 'pending';
}

export interface StepFormProps {
  /** the form's accessible name */
  label: string;
  /** formik's handleSubmit */
  onSubmit: FormEventHandler<HTMLFormElement>;
  blocked?: boolean;
  children: ReactNode;
}

export function StepForm({ label, onSubmit, blocked = false, children }: StepFormProps) {
  const busy = useRegistrationBusy();
  const t = useT(catalog);
  return (
    <FormStack label={label} onSubmit={onSubmit}>
      {children}
      <Button type="submit" variant="contained" disabled={busy || blocked}>
        {t('registration.next')}
      </Button>
    </FormStack>
  );
}

/**
 * A record step's formik form. `initialValues` come from the record (the form follows it when it
 * loads); `toValues` turns what was typed into what the step sends (default: as typed).
 */
export function useStepFormik<V extends FormikValues>(
  step: EditableStep,
  initialValues: V,
  validationSchema: AnyObjectSchema,
  toValues: (values: V) => Record<string, unknown> = (values) => values,
) {
  const dispatch = useAppDispatch();
  const ref = useRecordRef();
  return useFormik<V>({
    enableReinitialize: true,
    initialValues,
    validationSchema,
    onSubmit: (values) => {
      dispatch(stepSubmitted({ ...ref, step, values: toValues(values) }));
    },
  });
}
