/**
 * The shared column filter of every data table (SPEC §9 filter match modes): a match-mode select and a
 * value input, typed by the column's kind. Pair it with `matchesFilter` from ./filters.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
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

export function ColumnFilter({ label, kind, filter, onChange }: ColumnFilterProps) {
  const id = useId();
  const modes = matchModesFor(kind);
  const inputType = kind === 'numeric' ? 'number' : kind === 'date' ? 'date' : 'text';
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={`Filter ${label}`}>
      <TextField
        select
        size="small"
        id={`${id}-mode`}
        label={`${label} match`}
        value={filter.mode}
        onChange={(e) => onChange({ ...filter, mode: e.target.value as MatchMode })}
        sx={{ minWidth: 170 }}
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
        slotProps={inputType === 'date' ? { inputLabel: { shrink: true } } : undefined}
      />
    </Box>
  );
}
