/**
 * One way for every bench to print its figures and write them to bench-results/ (Markdown + JSON,
 * not committed). A figure may carry a target; whether it is met is printed, never asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Figure {
  /** what was measured, e.g. "catalog tree p99 at 100 connections" */
  label: string;
  value: number;
  /** e.g. "ms", "req/s", "KiB", "×", "MB", "%", "score" */
  unit: string;
  /** e.g. { op: '<=', value: 25 } */
  target?: { op: '<' | '<=' | '>' | '>='; value: number };
  /** more context printed beside the figure */
  note?: string;
}

export function targetMet(figure: Figure): boolean | undefined {
  const t = figure.target;
  if (!t) return undefined;
  switch (t.op) {
    case '<':
      return figure.value < t.value;
    case '<=':
      return figure.value <= t.value;
    case '>':
      return figure.value > t.value;
    case '>=':
      return figure.value >= t.value;
  }
}

const round = (n: number): string => (Number.isInteger(n) ? String(n) : Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));

export function formatFigure(f: Figure): string {
  const met = targetMet(f);
  const target = f.target ? `target ${f.target.op} ${round(f.target.value)} ${f.unit} — ${met ? 'met' : 'NOT met'}` : '';
  return `${f.label}: ${round(f.value)} ${f.unit}${target ? `   (${target})` : ''}${f.note ? `   [${f.note}]` : ''}`;
}

/** Prints the figures and writes bench-results/<bench>.json and .md (the latest run of each bench). */
export function report(bench: string, title: string, figures: readonly Figure[], extra: Record<string, unknown> = {}): void {
  const machine = { node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg()[0], at: new Date().toISOString() };
  console.log(`\n${title}`);
  for (const f of figures) console.log(`  ${formatFigure(f)}`);
  const outDir = path.resolve(__dirname, '../../bench-results');
  mkdirSync(outDir, { recursive: true });
  const json = { bench, title, machine, figures: figures.map((f) => ({ ...f, met: targetMet(f) })), ...extra };
  writeFileSync(path.join(outDir, `${bench}.json`), `${JSON.stringify(json, null, 2)}\n`);
  const rows = figures.map((f) => {
    const met = targetMet(f);
    return `| ${f.label} | ${round(f.value)} ${f.unit} | ${f.target ? `${f.target.op} ${round(f.target.value)} ${f.unit}` : '—'} | ${met === undefined ? '—' : met ? 'met' : '**not met**'} |${f.note ? ` ${f.note}` : ''}`;
  });
  const md = [`# ${title}`, '', `${machine.at} · Node ${machine.node} · ${machine.cpus} cores · load ${machine.loadAverage?.toFixed(1)}`, '', '| figure | value | target | |', '|---|---|---|---|', ...rows, ''].join('\n');
  writeFileSync(path.join(outDir, `${bench}.md`), md);
  console.log(`  written to bench-results/${bench}.json and .md`);
}
