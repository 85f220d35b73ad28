/** The props a MUI TextField needs from a formik form for one field: value, handlers, error shown once touched. */
import type { FormikProps } from 'formik';

export function fieldProps<V extends object>(formik: FormikProps<V>, name: keyof V & string) {
  const touched = (formik.touched as Record<string, unknown>)[name];
  const error = (formik.errors as Record<string, string | undefined>)[name];
  const shown = touched ? error : undefined;
  return {
    id: name,
    name,
    value: ((formik.values as Record<string, unknown>)[name] as string | undefined) ?? '',
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(shown),
    helperText: shown,
  };
}
