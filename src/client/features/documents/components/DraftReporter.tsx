/**
 * Inside a Formik form: hands each change of the form's values to `onChange` (not the first render,
 * which is what was loaded), so the page can report it as the draft to auto-save. `onChange` should
 * be stable (useCallback): a new one reports the same values again.
 */
import { useEffect, useRef } from 'react';
import { useFormikContext } from 'formik';

export function DraftReporter<V>({ onChange }: { onChange: (values: V) => void }) {
  const { values } = useFormikContext<V>();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChange(values);
  }, [values, onChange]);
  return null;
}
