/**
 * SPEC §9 display defaults that only pages use (dates, table filters, password strength). Apart from
 * common/constants.ts, whose values the SPA's entry needs: a module shared by several chunks keeps
 * every export some chunk uses, so these would otherwise travel with every first page.
 */
export const DATE_FORMAT = 'mm/dd/yy';
/** 0 = Sunday */
export const FIRST_DAY_OF_WEEK = 0;
export const PASSWORD_STRENGTH_LABELS = ['Weak', 'Medium', 'Strong'] as const;

/** SPEC §9: filter match modes, with the labels a person reads. */
export const FILTER_MATCH_MODES = {
  text: [
    { value: 'startsWith', label: 'Starts with' },
    { value: 'contains', label: 'Contains' },
    { value: 'notContains', label: 'Not contains' },
    { value: 'endsWith', label: 'Ends with' },
    { value: 'equals', label: 'Equals' },
    { value: 'notEquals', label: 'Not equals' },
  ],
  numeric: [
    { value: 'equals', label: 'Equals' },
    { value: 'notEquals', label: 'Not equals' },
    { value: 'lt', label: 'Less than' },
    { value: 'lte', label: 'Less than or equal to' },
    { value: 'gt', label: 'Greater than' },
    { value: 'gte', label: 'Greater than or equal to' },
  ],
  date: [
    { value: 'dateIs', label: 'Is' },
    { value: 'dateIsNot', label: 'Is not' },
    { value: 'dateBefore', label: 'Before' },
    { value: 'dateAfter', label: 'After' },
  ],
} as const;
