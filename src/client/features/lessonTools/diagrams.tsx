/**
 * The diagrams a section embeds ({{diagram:KIND}}): SVG that scales with the column (a viewBox about
 * a phone's width, so its text stays readable at 390 px), `role="img"` named by its <title> and
 * described by <desc>, and the numbers again as text under "Text description". Every number is
 * computed from the shared maths or the figures ledger, never typed in. Colours meet AA contrast and
 * never carry meaning alone: bars have patterns and labels.
 */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { compoundGrowth, paycheckEstimate } from '../../../common/calculators';
import { FIGURES } from '../../../common/figures';
import { DIAGRAM_TITLES, type DiagramKind } from '../../../common/lessonTools';
import { formatBasisPoints, formatCents } from '../../../common/money';
import { FICA } from '../../../common/worksheets';

const INK = '#1a1a1a';
const BLUE = '#0b5394'; // 7.9:1 on white
const GREEN = '#1e6b34'; // 6.6:1 on white
const GREY = '#5f5f5f'; // 6.4:1 on white

/** "Diagram: what makes up …" → "What makes up …" */
const imageName = (kind: DiagramKind): string => DIAGRAM_TITLES[kind].replace(/^Diagram: (.)/, (_all, first: string) => first.toUpperCase());

function Figure({ kind, desc, width, height, children, details }: { kind: DiagramKind; desc: string; width: number; height: number; children: ReactNode; details: ReactNode }) {
  const id = useId().replace(/[^a-zA-Z0-9-]/g, '');
  return (
    <Box component="figure" sx={{ m: 0, my: 2 }} data-diagram={kind}>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        sx={{ width: '100%', maxWidth: 640, height: 'auto', display: 'block', fontFamily: 'inherit' }}
      >
        <title id={`${id}-t`}>{imageName(kind)}</title>
        <desc id={`${id}-d`}>{desc}</desc>
        {children}
      </Box>
      <Box component="figcaption" sx={{ mt: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {DIAGRAM_TITLES[kind]}
        </Typography>
        <details>
          <summary>Text description</summary>
          {details}
        </details>
      </Box>
    </Box>
  );
}

// --- Pay stub -------------------------------------------------------------------------------------------

/** Jordan's example paycheck: $1,200 every two weeks, 3% state tax (the calculators' maths). */
export function payStubLines() {
  const p = paycheckEstimate(120_000, 'biweekly', 300);
  return [
    { label: 'Gross pay', amount: formatCents(p.grossCents), note: 'Everything you earned this pay period, before anything comes out.' },
    { label: 'Federal income tax', amount: `−${formatCents(p.federalCents)}`, note: 'An estimate withheld for the IRS, set by your W-4.' },
    { label: 'State income tax (3%)', amount: `−${formatCents(p.stateCents)}`, note: 'Withheld for your state; some states have none.' },
    { label: `Social Security (${formatBasisPoints(FICA.socialSecurityBasisPoints)})`, amount: `−${formatCents(p.socialSecurityCents)}`, note: 'Pays retirement and disability benefits.' },
    { label: `Medicare (${formatBasisPoints(FICA.medicareBasisPoints)})`, amount: `−${formatCents(p.medicareCents)}`, note: 'Pays for health care after age 65.' },
    { label: 'Net pay', amount: formatCents(p.netCents), note: 'Your take-home pay: what lands in your account.' },
  ];
}

function PayStub() {
  const lines = payStubLines();
  const rowHeight = 52;
  const top = 46;
  const height = top + lines.length * rowHeight + 8;
  return (
    <Figure
      kind="pay-stub"
      width={360}
      height={height}
      desc={`A pay stub for $1,200 paid every two weeks: ${lines.map((l) => `${l.label} ${l.amount}`).join(', ')}.`}
      details={
        <Box component="ul" sx={{ pl: 3 }}>
          {lines.map((l) => (
            <li key={l.label}>
              {l.label}: {l.amount}. {l.note}
            </li>
          ))}
        </Box>
      }
    >
      <rect x="1" y="1" width="358" height={height - 2} rx="6" fill="#ffffff" stroke={GREY} strokeWidth="2" />
      <text x="14" y="28" fontSize="17" fontWeight="700" fill={INK}>
        Pay stub · every two weeks
      </text>
      {lines.map((l, i) => {
        const y = top + i * rowHeight;
        const last = i === lines.length - 1;
        return (
          <g key={l.label}>
            {last && <rect x="8" y={y - 4} width="344" height={rowHeight - 2} fill="#e8f0f8" stroke={BLUE} strokeWidth="2" />}
            <text x="14" y={y + 18} fontSize="15" fontWeight={i === 0 || last ? 700 : 400} fill={INK}>
              {l.label}
            </text>
            <text x="346" y={y + 18} fontSize="15" fontWeight={i === 0 || last ? 700 : 400} fill={INK} textAnchor="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {l.amount}
            </text>
            <text x="14" y={y + 38} fontSize="12.5" fill={GREY}>
              {l.note}
            </text>
            {i === 0 && <line x1="14" x2="346" y1={y + rowHeight - 4} y2={y + rowHeight - 4} stroke={GREY} strokeDasharray="4 3" />}
          </g>
        );
      })}
    </Figure>
  );
}

// --- Compound growth ---------------------------------------------------------------------------------------

export const GROWTH_EXAMPLE = { principalCents: 0, monthlyCents: 10_000, rateBasisPoints: 700, compounding: 'monthly', years: 30 } as const;

function CompoundGrowth() {
  const hatch = `growth-hatch-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const growth = compoundGrowth(GROWTH_EXAMPLE);
  const shown = growth.years.filter((y) => y.year % 5 === 0);
  const max = Math.max(...shown.map((y) => y.balanceCents));
  const chart = { left: 10, top: 70, height: 230, width: 340 };
  const slot = chart.width / shown.length;
  const barWidth = slot * 0.62;
  const scale = (cents: number) => (cents / max) * chart.height;
  const short = (cents: number) => `$${Math.round(cents / 100_000)}k`;
  return (
    <Figure
      kind="compound-growth"
      width={360}
      height={chart.top + chart.height + 40}
      desc={`Saving $100 a month at 7% a year, compounded monthly, for 30 years. ${shown
        .map((y) => `Year ${y.year}: ${formatCents(y.balanceCents)}, of which ${formatCents(y.contributionsCents)} deposits and ${formatCents(y.growthCents)} growth.`)
        .join(' ')}`}
      details={
        <Box component="table" sx={{ borderCollapse: 'collapse', '& th, & td': { border: 1, borderColor: 'divider', px: 1, textAlign: 'right' } }}>
          <caption style={{ textAlign: 'left' }}>$100 a month at 7% a year, compounded monthly</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Deposits</th>
              <th scope="col">Growth</th>
              <th scope="col">Balance</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((y) => (
              <tr key={y.year}>
                <th scope="row">{y.year}</th>
                <td>{formatCents(y.contributionsCents)}</td>
                <td>{formatCents(y.growthCents)}</td>
                <td>{formatCents(y.balanceCents)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      }
    >
      <defs>
        <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill={GREEN} />
          <line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" strokeWidth="2" />
        </pattern>
      </defs>
      <text x="10" y="20" fontSize="15" fontWeight="700" fill={INK}>
        $100 a month at 7% for 30 years
      </text>
      <rect x="10" y="34" width="16" height="16" fill={BLUE} />
      <text x="32" y="47" fontSize="13" fill={INK}>
        Deposits
      </text>
      <rect x="120" y="34" width="16" height="16" fill={`url(#${hatch})`} stroke={GREEN} />
      <text x="142" y="47" fontSize="13" fill={INK}>
        Growth (striped)
      </text>
      <line x1={chart.left} x2={chart.left + chart.width} y1={chart.top + chart.height} y2={chart.top + chart.height} stroke={INK} />
      {shown.map((y, i) => {
        const x = chart.left + i * slot + (slot - barWidth) / 2;
        const base = chart.top + chart.height;
        const dep = scale(y.contributionsCents);
        const gro = scale(y.growthCents);
        return (
          <g key={y.year}>
            <rect x={x} y={base - dep} width={barWidth} height={dep} fill={BLUE} />
            <rect x={x} y={base - dep - gro} width={barWidth} height={gro} fill={`url(#${hatch})`} stroke={GREEN} />
            <text x={x + barWidth / 2} y={base - dep - gro - 6} fontSize="13" textAnchor="middle" fill={INK}>
              {short(y.balanceCents)}
            </text>
            <text x={x + barWidth / 2} y={base + 18} fontSize="13" textAnchor="middle" fill={INK}>
              Yr {y.year}
            </text>
          </g>
        );
      })}
    </Figure>
  );
}

// --- Credit score factors ------------------------------------------------------------------------------------

export const SCORE_FACTORS = [
  { label: 'Payment history', weight: FIGURES['fico-weight-payment-history'].value },
  { label: 'Amounts owed', weight: FIGURES['fico-weight-amounts-owed'].value },
  { label: 'Length of credit history', weight: FIGURES['fico-weight-length-of-history'].value },
  { label: 'New credit', weight: FIGURES['fico-weight-new-credit'].value },
  { label: 'Credit mix', weight: FIGURES['fico-weight-credit-mix'].value },
];

function CreditScoreFactors() {
  const rowHeight = 50;
  const top = 40;
  const barMax = 230;
  const source = FIGURES['fico-weight-payment-history'].source;
  return (
    <Figure
      kind="credit-score-factors"
      width={360}
      height={top + SCORE_FACTORS.length * rowHeight + 24}
      desc={`What makes up a FICO score: ${SCORE_FACTORS.map((f) => `${f.label} ${f.weight}%`).join(', ')}. Source: ${source}.`}
      details={
        <>
          <Box component="ul" sx={{ pl: 3 }}>
            {SCORE_FACTORS.map((f) => (
              <li key={f.label}>
                {f.label}: {f.weight}%
              </li>
            ))}
          </Box>
          <Typography variant="body2">Source: {source}.</Typography>
        </>
      }
    >
      <text x="10" y="22" fontSize="15" fontWeight="700" fill={INK}>
        What makes up a FICO score
      </text>
      {SCORE_FACTORS.map((f, i) => {
        const y = top + i * rowHeight;
        return (
          <g key={f.label}>
            <text x="10" y={y + 14} fontSize="14" fill={INK}>
              {f.label}
            </text>
            <rect x="10" y={y + 22} width={(f.weight / 35) * barMax} height="16" fill={i === 0 ? BLUE : GREEN} />
            <text x={16 + (f.weight / 35) * barMax} y={y + 35} fontSize="14" fontWeight="700" fill={INK}>
              {f.weight}%
            </text>
          </g>
        );
      })}
      <text x="10" y={top + SCORE_FACTORS.length * rowHeight + 12} fontSize="11.5" fill={GREY}>
        Source: myFICO
      </text>
    </Figure>
  );
}

export function Diagram({ kind }: { kind: DiagramKind }) {
  if (kind === 'pay-stub') return <PayStub />;
  if (kind === 'compound-growth') return <CompoundGrowth />;
  return <CreditScoreFactors />;
}
