/**
 * One review question to answer, by its kind: single choice and true/false as a radio group,
 * multiple select as a group of checkboxes, numeric as a labelled text box that says at once when
 * what was typed is not a number. Each is a fieldset named by its prompt, so a screen reader
 * announces the question with every control, and all of it works from the keyboard.
 */
import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { ReviewAnswer, ReviewQuestionView } from '../../../../common/catalog';
import { NUMERIC_FORMAT_HINT, parseNumberAnswer } from '../../../../common/reviewQuestions';

export const SELECT_ALL_HINT = 'Select every correct answer.';

/** An answer the server can judge: a typed number must read as one, a multiple select needs a choice. */
export function isAnswered(q: ReviewQuestionView, value: ReviewAnswer | undefined): boolean {
  if (value === undefined) return false;
  if (q.type === 'numeric') return typeof value === 'string' && parseNumberAnswer(value) !== null;
  if (q.type === 'multiple-select') return Array.isArray(value) && value.length > 0;
  return true;
}

const legendSx = { color: 'text.primary', fontWeight: 600, '&.Mui-disabled, &.Mui-focused': { color: 'text.primary' } } as const;

export function QuestionField({
  q,
  index,
  value,
  onChange,
}: {
  q: ReviewQuestionView;
  index: number;
  value: ReviewAnswer | undefined;
  onChange: (v: ReviewAnswer) => void;
}) {
  const id = `question-${q.id}`;
  const legend = (
    <FormLabel component="legend" id={id} sx={legendSx}>
      {index + 1}. {q.prompt}
    </FormLabel>
  );
  if (q.type === 'numeric') return <NumericField q={q} legend={legend} id={id} value={typeof value === 'string' ? value : ''} onChange={onChange} />;
  if (q.type === 'multiple-select') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <FormControl component="fieldset" sx={{ display: 'block', mb: 3 }}>
        {legend}
        <FormHelperText id={`${id}-hint`} sx={{ mx: 0 }}>
          {SELECT_ALL_HINT}
        </FormHelperText>
        <FormGroup aria-describedby={`${id}-hint`}>
          {(q.choices ?? []).map((label, i) => (
            <FormControlLabel
              key={label}
              label={label}
              control={
                <Checkbox
                  checked={chosen.includes(i)}
                  onChange={(e) => onChange(e.target.checked ? [...chosen, i].sort((a, b) => a - b) : chosen.filter((x) => x !== i))}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
    );
  }
  const options: { value: string; label: string }[] = q.choices
    ? q.choices.map((c, i) => ({ value: String(i), label: c }))
    : [
        { value: 'true', label: 'True' },
        { value: 'false', label: 'False' },
      ];
  return (
    <FormControl component="fieldset" sx={{ display: 'block', mb: 3 }}>
      {legend}
      <RadioGroup aria-labelledby={id} value={value === undefined ? '' : String(value)} onChange={(e) => onChange(q.choices ? Number(e.target.value) : e.target.value === 'true')}>
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The typed answer is kept as typed ("$1,234.50"); the server reads it the same way (common/reviewQuestions.ts). */
function NumericField({ q, legend, id, value, onChange }: { q: ReviewQuestionView; legend: React.ReactNode; id: string; value: string; onChange: (v: string) => void }) {
  // say so only once the student leaves the box, not at every keystroke
  const [touched, setTouched] = useState(false);
  const bad = touched && value.trim() !== '' && parseNumberAnswer(value) === null;
  const label = q.unit ? `Your answer (${q.unit})` : 'Your answer';
  return (
    <FormControl component="fieldset" sx={{ display: 'block', mb: 3 }}>
      {legend}
      <TextField
        id={`${id}-answer`}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setTouched(true)}
        error={bad}
        helperText={bad ? NUMERIC_FORMAT_HINT : 'A number, like 1234.50 or $1,234.50.'}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 40 } }}
        size="small"
        sx={{ mt: 1, maxWidth: 280 }}
      />
    </FormControl>
  );
}
