/**
 * The tools a section embeds with a content directive: a paragraph that is only `{{calculator:KIND}}`
 * or `{{diagram:KIND}}` (docs/content-format.md). The import refuses an unknown KIND; the server
 * renders a placeholder of a reserved height, which the app replaces with the tool (a lazily loaded
 * chunk, so a section without a tool does not download one).
 */
export const CALCULATOR_KINDS = ['compound-interest', 'savings-goal', 'loan-payment', 'credit-card-payoff', 'apr-apy', 'paycheck'] as const;
export type CalculatorKind = (typeof CALCULATOR_KINDS)[number];

export const DIAGRAM_KINDS = ['pay-stub', 'compound-growth', 'credit-score-factors'] as const;
export type DiagramKind = (typeof DIAGRAM_KINDS)[number];

export const TOOL_TYPES = ['calculator', 'diagram'] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

export const TOOL_KINDS: Record<ToolType, readonly string[]> = { calculator: CALCULATOR_KINDS, diagram: DIAGRAM_KINDS };

export const CALCULATOR_TITLES: Record<CalculatorKind, string> = {
  'compound-interest': 'Compound interest calculator',
  'savings-goal': 'Savings goal calculator',
  'loan-payment': 'Loan and car payment calculator',
  'credit-card-payoff': 'Credit card payoff calculator',
  'apr-apy': 'APR and APY calculator',
  paycheck: 'Paycheck calculator',
};

export const DIAGRAM_TITLES: Record<DiagramKind, string> = {
  'pay-stub': 'Diagram: an annotated pay stub',
  'compound-growth': 'Diagram: a balance growing over 30 years',
  'credit-score-factors': 'Diagram: what makes up a FICO credit score',
};

export const isToolKind = (type: ToolType, kind: string): boolean => TOOL_KINDS[type].includes(kind);

/**
 * The height each placeholder reserves (px), close to the tool's height at a phone's width, so the
 * page does not jump when the tool replaces it.
 */
export const TOOL_MIN_HEIGHT: Record<ToolType, number> = { calculator: 520, diagram: 420 };

/** A paragraph holding only a directive: `{{calculator:loan-payment}}`. */
export const DIRECTIVE_PARAGRAPH = /^\{\{\s*(calculator|diagram):([a-z0-9-]+)\s*\}\}$/;

/** The class and data attributes of the placeholder the server renders and the app finds. */
export const TOOL_CLASS = 'lesson-tool';
