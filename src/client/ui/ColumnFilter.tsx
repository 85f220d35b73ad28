/**
 * The shared column filter of every data table (SPEC §9 filter match modes): a match-mode select and a
 * value input, typed by the column's kind. Pair it with `matchesFilter` from ./filters.
 * A date is typed as SPEC §9's mm/dd/yy (S9.07), the format the tables show, into a plain text field
 * (not the browser's date input, whose format follows the browser's locale): read by
 * common/calendarDay.ts's parseDay, as matchesFilter reads it; a text that is not a date says so once
 * the learner leaves the field.
 */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DATE_INPUT_MESSAGE, parseDay } from '../../common/calendarDay';
import { DATE_FORMAT } from '../../common/display';
import { matchModesFor, type FilterKind, type MatchMode } from './filters';

export interface ColumnFilterState {
  mode: MatchMode;
  value: string;
}

export interface ColumnFilterProps {
  /** The column's human name, used in the labels ("Filter Course by"). */
  label: string;
  kind: FilterKind;
  filter: ColumnFilterState;
  onChange: (next: ColumnFilterState) => void;
}

/**
 * The two fields fill the filter's column side by side (a line each when it is narrower than both),
 * the value a little wider than the mode's few words: labels as long as "Best review score (%)
 * value" are read whole, not cut short.
 */
const MODE_SIZE = { flex: '1 1 9rem', minWidth: 0 } as const;
const VALUE_SIZE = { flex: '1.4 1 11rem', minWidth: 0 } as const;

export function ColumnFilter({ label, kind, filter, onChange }: ColumnFilterProps) {
  const id = useId();
  const modes = matchModesFor(kind);
  const inputType = kind === 'numeric' ? 'number' : 'text';
  const [left, setLeft] = useState(false);
  const badDate = kind === 'date' && left && filter.value.trim() !== '' && parseDay(filter.value) === null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={`Filter ${label}`}>
      <TextField
        select
        size="small"
        id={`${id}-mode`}
        label={`${label} match`}
        value={filter.mode}
        onChange={(e) => onChange({ ...filter, mode: e.target.value as MatchMode })}
        sx={MODE_SIZE}
      >
        {modes.map((m) => (
          <MenuItem key={m.value} value={m.value}>
            {m.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        id={`${id}-value`}
        label={`${label} value`}
        type={inputType}
        value={filter.value}
        onChange={(e) => onChange({ ...filter, value: e.target.value })}
        sx={VALUE_SIZE}
        {...(kind === 'date'
          ? {
              placeholder: DATE_FORMAT,
              onBlur: () => setLeft(true),
              error: badDate,
              helperText: badDate ? DATE_INPUT_MESSAGE : `Date as ${DATE_FORMAT}`,
              slotProps: { htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 10 }, inputLabel: { shrink: true } },
            }
          : {})}
      />
    </Box>
  );
}
