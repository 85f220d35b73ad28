/** The 50/30/20 comparison as a bar chart (@mui/x-charts), loaded lazily with the review step. */
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { FiftyThirtyTwentyRow } from '../../../../common/budget';
import { formatCents } from '../../../../common/money';

/** The theme's green for the learner's plan, blue-grey for the guide: both over 3:1 on white (WCAG 1.4.11). */
const PLAN_COLOUR = '#1b5e20';
const TARGET_COLOUR = '#546e7a';

/** "Needs (50%)" → "Needs". */
export const shortLabel = (label: string): string => label.replace(/\s*\(\d+%\)$/, '');

export default function FiftyThirtyTwentyChart({ rows }: { rows: FiftyThirtyTwentyRow[] }) {
  return (
    <Box role="img" aria-label={`Chart: ${rows.map((r) => `${r.label} target ${formatCents(r.targetCents)}, your plan ${formatCents(r.actualCents)}`).join('; ')}`} data-testid="fifty-chart">
      <BarChart
        height={260}
        // the parts' short names ("Savings & debt", not "Savings & debt (20%)"): they fit under the bars on
        // a phone, and the shares are in the table below
        xAxis={[{ scaleType: 'band', data: rows.map((r) => shortLabel(r.label)) }]}
        yAxis={[{ valueFormatter: (value: number) => `$${Math.round(value).toLocaleString('en-US')}` , width: 70 }]}
        series={[
          { data: rows.map((r) => r.targetCents / 100), label: '50/30/20 target', color: TARGET_COLOUR, valueFormatter: (v) => (v === null ? '' : formatCents(Math.round(v * 100))) },
          { data: rows.map((r) => r.actualCents / 100), label: 'Your plan', color: PLAN_COLOUR, valueFormatter: (v) => (v === null ? '' : formatCents(Math.round(v * 100))) },
        ]}
      />
    </Box>
  );
}
