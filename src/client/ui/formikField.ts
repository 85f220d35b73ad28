/**
 * When a form field shows its error, the same rule on every form (account forms through
 * `fieldProps`, budget and worksheet fields through ui/fields/Fields.tsx): after a submit attempt
 * (or a "Next" that tried to move on with the field), or once the student has changed the field.
 * Tabbing past an untouched field says nothing. A changed field that is now empty says it is
 * required at once; any other rule waits until the field is left (no "too short" at the first
 * letter), and from then on follows the typing.
 *
 * "Changed" and "tried to move on" are kept in formik's status, so resetForm and a re-initialised
 * form forget them with the rest of the validation state.
 */
import type { ChangeEvent } from 'react';
import type { FormikProps } from 'formik';

/** What a form's status holds for the rule above. */
export interface FieldStatus {
  /** the fields the student has typed into (even back to how they were) */
  changed: readonly string[];
  /** fields (or whole groups: `incomes` covers `incomes.0.amount`) a "Next" tried to move on with */
  attempted: readonly string[];
}

type StatusHolder = Pick<FormikProps<object>, 'status' | 'setStatus'>;

export function fieldStatus(formik: Pick<FormikProps<object>, 'status'>): FieldStatus {
  const status = formik.status as Partial<FieldStatus> | undefined;
  return {
    changed: Array.isArray(status?.changed) ? status.changed : [],
    attempted: Array.isArray(status?.attempted) ? status.attempted : [],
  };
}

/** Records that the student changed `name` (once). */
export function markChanged(formik: StatusHolder, name: string): void {
  const status = fieldStatus(formik);
  if (!status.changed.includes(name)) formik.setStatus({ ...status, changed: [...status.changed, name] });
}

/** Records that the student tried to move on with these fields (or groups of fields). */
export function markAttempted(formik: StatusHolder, names: readonly string[]): void {
  const status = fieldStatus(formik);
  const attempted = [...new Set([...status.attempted, ...names])];
  if (attempted.length !== status.attempted.length) formik.setStatus({ ...status, attempted });
}

/** Is `name` one of the attempted fields, or inside an attempted group? */
export function wasAttempted(attempted: readonly string[], name: string): boolean {
  return attempted.some((group) => name === group || name.startsWith(`${group}.`));
}

/** Is this field's value empty (nothing but spaces, unticked, nothing chosen)? */
export function isEmptyValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '';
  return value === null || value === undefined || value === false;
}

export interface ErrorMoment {
  /** a submit, or a "Next" that covered this field */
  attempted: boolean;
  /** the student typed into it */
  changed: boolean;
  /** the student has left it (formik's touched) */
  left: boolean;
  /** its value is empty */
  empty: boolean;
}

/** The rule above, on its own: should a field with an error show it now? */
export function errorDue({ attempted, changed, left, empty }: ErrorMoment): boolean {
  if (attempted) return true;
  if (!changed) return false;
  return left || empty;
}

/** The error of `name` to show now, or undefined (see the rule above). */
export function shownError<V extends object>(formik: FormikProps<V>, name: keyof V & string): string | undefined {
  const error = (formik.errors as Record<string, string | undefined>)[name];
  if (!error) return undefined;
  const status = fieldStatus(formik);
  const due = errorDue({
    attempted: formik.submitCount > 0 || wasAttempted(status.attempted, name),
    changed: status.changed.includes(name),
    left: Boolean((formik.touched as Record<string, unknown>)[name]),
    empty: isEmptyValue((formik.values as Record<string, unknown>)[name]),
  });
  return due ? error : undefined;
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
