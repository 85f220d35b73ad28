/**
 * A class code from a teacher (ABCD-EFGH-JKMN), as the sign-up and the profile ask for one: the
 * form's state, checked by the shared schema and sent trimmed, and its field. A school's access code
 * has the same form and works in the same places, so the field says so.
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

/** What the field says under it while there is no error. */
export const CODE_FIELD_HELP = 'A school’s access code works here too.';

/** `label` and `help` in the language spoken, where the page is translated (English by default). */
export function AccessCodeField({
  formik,
  autoFocus = false,
  label = 'Class code',
  help = CODE_FIELD_HELP,
}: {
  formik: FormikProps<AccessCodeValues>;
  autoFocus?: boolean;
  label?: string;
  help?: string;
}) {
  const props = fieldProps(formik, 'code');
  return (
    <TextField
      {...props}
      helperText={props.helperText ?? help}
      label={label}
      placeholder="ABCD-EFGH-JKMN"
      autoComplete="off"
      required
      fullWidth
      autoFocus={autoFocus}
    />
  );
}
