/** A searchable list of every IANA time zone the browser knows (Intl.supportedValuesOf('timeZone')). */
import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { DEFAULT_TIMEZONE } from '../../../../common/constants';

export function timezoneOptions(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes(DEFAULT_TIMEZONE) ? zones : [DEFAULT_TIMEZONE, ...zones];
}

export function TimezoneField({
  value,
  onChange,
  onBlur,
  error,
  label = 'Time zone',
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** the field's name, in the language spoken where the page is translated */
  label?: string;
}) {
  const options = useMemo(() => timezoneOptions(), []);
  return (
    <Autocomplete
      id="timezone"
      options={options}
      value={value || null}
      onChange={(_event, next) => onChange(next ?? '')}
      onBlur={onBlur}
      autoHighlight
      renderInput={(params) => <TextField {...params} name="timezone" label={label} required error={Boolean(error)} helperText={error} />}
    />
  );
}
