/** The 50/30/20 comparison as a bar chart (@mui/x-charts), loaded lazily with the review step. */
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { FiftyThirtyTwentyRow } from '../../../../common/budget';
import { formatCents } from '../../../../common/money';

export default function FiftyThirtyTwentyChart({ rows }: { rows: FiftyThirtyTwentyRow[] }) {
  return (
    <Box role="img" aria-label={`Chart: ${rows.map((r) => `${r.label} target ${formatCents(r.targetCents)}, your plan ${formatCents(r.actualCents)}`).join('; ')}`} data-testid="fifty-chart">
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: rows.map((r) => r.label) }]}
        yAxis={[{ valueFormatter: (value: number) => `$${Math.round(value).toLocaleString('en-US')}` , width: 70 }]}
        series={[
          { data: rows.map((r) => r.targetCents / 100), label: '50/30/20 target', color: '#5c6bc0', valueFormatter: (v) => (v === null ? '' : formatCents(Math.round(v * 100))) },
          { data: rows.map((r) => r.actualCents / 100), label: 'Your plan', color: '#00796b', valueFormatter: (v) => (v === null ? '' : formatCents(Math.round(v * 100))) },
        ]}
      />
    </Box>
  );
}
