/**
 * The props a MUI TextField needs from a formik form for one field: value, handlers, and its error
 * when the student should see it.
 *
 * When an error shows (the same rule on every account form): after a submit attempt, or once the
 * student has changed the field. Tabbing past an untouched field says nothing. A changed field that
 * is now empty says it is required at once; any other rule waits until the field is left (no "too
 * short" at the first letter), and from then on follows the typing.
 *
 * "Changed" is kept in formik's status (the names typed into), so resetForm and a re-initialised
 * form forget it with the rest of the validation state.
 */
import type { ChangeEvent } from 'react';
import type { FormikProps } from 'formik';

/** The fields the student has typed into (even back to how they were). */
export function changedFields<V extends object>(formik: FormikProps<V>): readonly string[] {
  return Array.isArray(formik.status) ? (formik.status as string[]) : [];
}

/** Records that the student changed `name` (once). */
export function markChanged<V extends object>(formik: FormikProps<V>, name: string): void {
  const changed = changedFields(formik);
  if (!changed.includes(name)) formik.setStatus([...changed, name]);
}

/** Is this field's value empty (nothing but spaces, unticked, nothing chosen)? */
function isEmpty(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '';
  return value === null || value === undefined || value === false;
}

/** The error of `name` to show now, or undefined (see the rule above). */
export function shownError<V extends object>(formik: FormikProps<V>, name: keyof V & string): string | undefined {
  const error = (formik.errors as Record<string, string | undefined>)[name];
  if (!error) return undefined;
  if (formik.submitCount > 0) return error;
  if (!changedFields(formik).includes(name)) return undefined;
  const left = Boolean((formik.touched as Record<string, unknown>)[name]);
  return left || isEmpty((formik.values as Record<string, unknown>)[name]) ? error : undefined;
}

export function fieldProps<V extends object>(formik: FormikProps<V>, name: keyof V & string) {
  const shown = shownError(formik, name);
  return {
    id: name,
    name,
    value: ((formik.values as Record<string, unknown>)[name] as string | undefined) ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      markChanged(formik, name);
      formik.handleChange(event);
    },
    onBlur: formik.handleBlur,
    error: Boolean(shown),
    helperText: shown,
  };
}
