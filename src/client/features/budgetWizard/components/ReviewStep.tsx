/** The review: totals, surplus or shortfall, the 50/30/20 comparison (chart and table), guidance, goals. */
import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { budgetGuidance, budgetLines, budgetTotals, fiftyThirtyTwenty, goalProgressBasisPoints, type BudgetData, type BudgetLine } from '../../../../common/budget';
import { formatCents, formatPercentFixed } from '../../../../common/money';
import { ExportButtons } from '../../documents';
import { PageLoading } from '../../../ui/PageLoading';
import { RECORDING_MASK_CLASS } from '../../../ui/recordingPrivacy';
import { TableFrame, blockBelowSm, cellFromSm } from '../../../ui/TableFrame';
import { budgetTotalRows, downloadBudgetCsv, downloadBudgetPdf, monthLabel } from '../exports';

const FiftyThirtyTwentyChart = lazy(() => import(/* webpackChunkName: "budget-chart" */ './FiftyThirtyTwentyChart'));

/** A share of income in the 50/30/20 table: one decimal on every row ("23.2%", "13.0%"), never a mix. */
const share = (basisPoints: number) => formatPercentFixed(basisPoints, 1);

function Money({ cents }: { cents: number }) {
  return <>{formatCents(cents)}</>;
}

/** "Need, fixed"; "$1,200.50 biweekly"; "Saved $250.00 of $1,000.00"; "Balance $400.00". */
function lineDetails(line: BudgetLine): string {
  if (line.type) return line.type;
  if (line.targetCents !== undefined) return `Saved ${formatCents(line.savedCents ?? 0)} of ${formatCents(line.targetCents)}`;
  if (line.balanceCents !== undefined) return `Balance ${formatCents(line.balanceCents)}`;
  return line.frequency === 'Monthly' ? '' : `${formatCents(line.amountCents)} ${line.frequency.toLowerCase()}`;
}

export function ReviewStep({ data }: { data: BudgetData }) {
  const totals = budgetTotals(data);
  const lines = budgetLines(data, totals);
  const rows = fiftyThirtyTwenty(totals);
  const guidance = budgetGuidance(data, totals);
  const shortfall = totals.balanceCents < 0;
  return (
    <Box>
      <Typography variant="h6" component="h3">
        <span className={RECORDING_MASK_CLASS}>{data.name || 'Your budget'}</span> — {monthLabel(data.month)}
      </Typography>
      <Alert severity={shortfall ? 'warning' : 'success'} sx={{ my: 2 }} data-testid="balance">
        {shortfall ? 'Shortfall' : 'Surplus'} each month: <strong>{formatCents(Math.abs(totals.balanceCents))}</strong>
      </Alert>

      <TableFrame label="Monthly totals" sx={{ mb: 3 }}>
        <Table size="small" aria-label="Monthly totals">
          <TableBody>
            {budgetTotalRows(totals).map(([label, cents]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right" data-testid={`total-${label.toLowerCase().replace(/\W+/g, '-')}`}>
                  <Money cents={cents} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableFrame>

      {lines.length > 0 && (
        <>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            Line by line
          </Typography>
          {/* the learner's own names and amounts: masked in session recordings */}
          {/* on a phone, two columns: the section and details go under the item's name */}
          <TableFrame label="Every line of the budget" sx={{ mb: 3 }} className={RECORDING_MASK_CLASS}>
            <Table size="small" aria-label="Every line of the budget">
              <TableHead>
                <TableRow>
                  <TableCell sx={cellFromSm}>Section</TableCell>
                  <TableCell>Item</TableCell>
                  <TableCell sx={cellFromSm}>Details</TableCell>
                  <TableCell align="right">Monthly</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((line, i) => {
                  const details = lineDetails(line);
                  return (
                    <TableRow key={i}>
                      <TableCell sx={cellFromSm}>{line.section}</TableCell>
                      <TableCell component="th" scope="row">
                        {line.item || '—'}
                        <Typography variant="body2" color="text.secondary" sx={blockBelowSm}>
                          {details ? `${line.section} · ${details}` : line.section}
                        </Typography>
                      </TableCell>
                      <TableCell sx={cellFromSm}>{details}</TableCell>
                      <TableCell align="right">
                        <Money cents={line.monthlyCents} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableFrame>
        </>
      )}

      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        The 50/30/20 rule
      </Typography>
      <Typography sx={{ mb: 1 }}>
        A common guide: about 50% of income for needs, 30% for wants and 20% for savings and paying down debt.
      </Typography>
      <Suspense fallback={<PageLoading />}>
        <FiftyThirtyTwentyChart rows={rows} />
      </Suspense>
      {/* on a phone, the share of income goes under the plan's amount */}
      <TableFrame label="50/30/20 comparison" sx={{ my: 2 }}>
        <Table size="small" aria-label="50/30/20 comparison">
          <TableHead>
            <TableRow>
              <TableCell>Part</TableCell>
              <TableCell align="right">Target</TableCell>
              <TableCell align="right">
                Your plan
                <Typography variant="body2" color="text.secondary" sx={blockBelowSm}>
                  share of income
                </Typography>
              </TableCell>
              <TableCell align="right" sx={cellFromSm}>
                Share of income
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                <TableCell align="right">{formatCents(row.targetCents)}</TableCell>
                <TableCell align="right">
                  {formatCents(row.actualCents)}
                  <Typography variant="body2" color="text.secondary" sx={blockBelowSm}>
                    {share(row.actualBasisPoints)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={cellFromSm}>
                  {share(row.actualBasisPoints)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableFrame>

      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Guidance
      </Typography>
      <Box component="ul" sx={{ mt: 0, mb: 3 }}>
        {guidance.map((tip) => (
          <li key={tip}>
            <Typography>{tip}</Typography>
          </li>
        ))}
      </Box>

      {data.goals.length > 0 && (
        <>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            Goal progress
          </Typography>
          {data.goals.map((goal, i) => {
            const bp = goalProgressBasisPoints(goal);
            const labelId = `goal-progress-${i}`;
            return (
              <Box key={i} sx={{ mb: 2 }}>
                {/* a whole percent, rounded down: 100% only once the goal is really reached */}
                <Typography id={labelId}>
                  {goal.name || `Goal ${i + 1}`}: {formatCents(goal.savedCents ?? 0)} of {formatCents(goal.targetCents ?? 0)} ({Math.floor(bp / 100)}%)
                </Typography>
                <LinearProgress variant="determinate" value={bp / 100} aria-labelledby={labelId} sx={{ height: 10, borderRadius: 1 }} />
              </Box>
            );
          })}
        </>
      )}

      <ExportButtons onCsv={() => downloadBudgetCsv(data)} onPdf={() => void downloadBudgetPdf(data)} mt={2} />
    </Box>
  );
}
