/**
 * An access code from a teacher (ABCD-EFGH-JKMN), as the sign-up and the profile ask for one: the
 * form's state, checked by the shared schema and sent trimmed, and its field.
 */
import TextField from '@mui/material/TextField';
import { useFormik, type FormikProps } from 'formik';
import { accessCodeSchema } from '../../common/accounts';
import { fieldProps } from './formikField';

export interface AccessCodeValues {
  code: string;
}

/** The form of one access code; `submit` gets the code as typed, without the spaces around it. */
export function useAccessCodeFormik(submit: (code: string) => void): FormikProps<AccessCodeValues> {
  return useFormik<AccessCodeValues>({
    initialValues: { code: '' },
    validationSchema: accessCodeSchema,
    onSubmit: (values) => {
      submit(values.code.trim());
    },
  });
}

export function AccessCodeField({ formik, autoFocus = false }: { formik: FormikProps<AccessCodeValues>; autoFocus?: boolean }) {
  return <TextField {...fieldProps(formik, 'code')} label="Access code" placeholder="ABCD-EFGH-JKMN" autoComplete="off" required fullWidth autoFocus={autoFocus} />;
}
