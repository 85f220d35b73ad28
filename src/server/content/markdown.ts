/**
 * Markdown for content bodies: markdown-it with html:false (raw HTML is escaped, never passed on).
 * `checkMarkdown` enforces the content rules (no raw HTML, no images, no level-1 headings, links only
 * to same-site paths, and a knowledge-base, worksheet or budget wizard link to one that exists);
 * `renderMarkdown` renders, and drops any link that is not a same-site path.
 */
import MarkdownIt from 'markdown-it';
import { KB_ARTICLES, KB_PATH_PREFIX } from '../../common/catalog';
import { GLOSSARY_TERM_CLASS, type GlossaryEntry } from '../../common/knowledgeBase';
import { CALCULATOR_TITLES, DIAGRAM_TITLES, DIRECTIVE_PARAGRAPH, TOOL_CLASS, TOOL_MIN_HEIGHT, isToolKind, type CalculatorKind, type DiagramKind, type ToolType } from '../../common/lessonTools';
import { WORKSHEET_KINDS, isWorksheetKind } from '../../common/worksheets';
import { termForms, termKey } from './glossary';

/**
 * Bump when the HTML made from the same Markdown changes (new markup for a directive, the glossary
 * markers): it is part of the content hash, so a server with the new code re-imports at start.
 */
export const RENDERER_VERSION = 3;

const renderer = new MarkdownIt({ html: false, linkify: false, typographer: false });
// same-site paths only: "/…" but never "//…" (protocol-relative) or "/\…"
const isSameSitePath = (href: string): boolean => /^\/(?![/\\])/.test(href);
renderer.validateLink = isSameSitePath;

const escapeHtml = renderer.utils.escapeHtml;

// A table wider than a phone scrolls sideways inside its own box, not the page: a labelled region
// that takes keyboard focus, so a keyboard user can scroll it too (axe: scrollable-region-focusable).
renderer.renderer.rules.table_open = () => '<div class="table-scroll" role="region" aria-label="Table" tabindex="0">\n<table>\n';
renderer.renderer.rules.table_close = () => '</table>\n</div>\n';

/** The placeholder the app replaces with the tool; it reserves the tool's height so nothing jumps. */
export function toolPlaceholder(type: ToolType, kind: string): string {
  const title = type === 'calculator' ? CALCULATOR_TITLES[kind as CalculatorKind] : DIAGRAM_TITLES[kind as DiagramKind];
  return (
    `<div class="${TOOL_CLASS}" data-tool="${type}" data-kind="${escapeHtml(kind)}" style="min-height:${TOOL_MIN_HEIGHT[type]}px">` +
    `<p class="${TOOL_CLASS}-loading">${escapeHtml(title)}: loading…</p></div>\n`
  );
}

// a paragraph that is only {{calculator:KIND}} or {{diagram:KIND}} becomes the tool's placeholder
// (the import has refused unknown kinds; an unknown one here stays text)
renderer.core.ruler.after('block', 'lesson_tools', (state) => {
  const tokens = state.tokens;
  for (let i = 0; i + 2 < tokens.length; i += 1) {
    if (tokens[i]!.type !== 'paragraph_open' || tokens[i + 1]!.type !== 'inline' || tokens[i + 2]!.type !== 'paragraph_close') continue;
    const match = DIRECTIVE_PARAGRAPH.exec(tokens[i + 1]!.content.trim());
    if (!match || !isToolKind(match[1] as ToolType, match[2]!)) continue;
    const block = new state.Token('html_block', '', 0);
    block.content = toolPlaceholder(match[1] as ToolType, match[2]!);
    block.block = true;
    tokens.splice(i, 3, block);
  }
});

interface GlossaryMatcher {
  pattern: RegExp;
  byForm: Map<string, GlossaryEntry>;
}

const matchers = new WeakMap<readonly GlossaryEntry[], GlossaryMatcher | null>();
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matcherFor(glossary: readonly GlossaryEntry[]): GlossaryMatcher | null {
  if (matchers.has(glossary)) return matchers.get(glossary)!;
  const byForm = new Map<string, GlossaryEntry>();
  for (const entry of glossary) for (const form of termForms(entry.term)) if (!byForm.has(termKey(form))) byForm.set(termKey(form), entry);
  // longest first, so "compound interest" wins over "interest" where both start
  const forms = [...byForm.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const matcher =
    forms.length === 0
      ? null
      : { byForm, pattern: new RegExp(`(?<![\\p{L}\\p{N}])(${forms.map((f) => escapeRegExp(f).replace(/ /g, '\\s+')).join('|')})(s)?(?![\\p{L}\\p{N}])`, 'giu') };
  matchers.set(glossary, matcher);
  return matcher;
}

type StateCore = Parameters<Parameters<MarkdownIt['core']['ruler']['push']>[1]>[0];

/**
 * Marks the first occurrence of each glossary term in running text (case-insensitive, whole words,
 * a plural -s allowed) as a link to its article carrying the definition; never inside a link, a
 * heading or code. The app shows the definition on hover, focus and tap.
 */
function markGlossary(state: StateCore): void {
  const glossary = (state.env as { glossary?: readonly GlossaryEntry[] }).glossary;
  const matcher = glossary ? matcherFor(glossary) : null;
  if (!matcher) return;
  const used = new Set<GlossaryEntry>();
  let inHeading = false;
  for (const block of state.tokens) {
    if (block.type === 'heading_open') inHeading = true;
    if (block.type === 'heading_close') inHeading = false;
    if (block.type !== 'inline' || inHeading || !block.children) continue;
    const out: typeof block.children = [];
    let linkDepth = 0;
    for (const token of block.children) {
      if (token.type === 'link_open') linkDepth += 1;
      if (token.type === 'link_close') linkDepth -= 1;
      if (token.type !== 'text' || linkDepth > 0) {
        out.push(token);
        continue;
      }
      const text = token.content;
      let last = 0;
      const pushText = (content: string) => {
        if (!content) return;
        const t = new state.Token('text', '', 0);
        t.content = content;
        out.push(t);
      };
      for (const match of text.matchAll(matcher.pattern)) {
        const entry = matcher.byForm.get(termKey(match[1]!));
        if (!entry || used.has(entry)) continue;
        used.add(entry);
        pushText(text.slice(last, match.index));
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [
          ['href', entry.path],
          ['class', GLOSSARY_TERM_CLASS],
          ['data-term', entry.term],
          ['data-definition', entry.definition],
        ];
        out.push(open);
        pushText(match[0]);
        out.push(new state.Token('link_close', 'a', -1));
        last = match.index + match[0].length;
      }
      if (last === 0) out.push(token);
      else pushText(text.slice(last));
    }
    block.children = out;
  }
}
renderer.core.ruler.after('inline', 'glossary', markGlossary);

/**
 * A section may send the student to a worksheet or the budget wizard (a capstone's hands-on steps):
 * the app's paths (src/client/app/routes.tsx) for a new worksheet of a kind and a new budget, checked
 * here so that a misspelt kind is refused at import rather than shown as a page that is not found.
 */
const WORKSHEETS_PATH = '/app/resources/worksheets';
const BUDGET_WIZARD_PATHS = ['/app/resources/budget-wizard', '/app/resources/budget-wizard/create'];

/** The problem with a link into the worksheets or the budget wizard, or null (also for any other path). */
function toolLinkProblem(href: string): string | null {
  const pathOnly = href.split(/[?#]/)[0]!;
  if (pathOnly.startsWith(`${WORKSHEETS_PATH}/`)) {
    const [kind, ...rest] = pathOnly.slice(WORKSHEETS_PATH.length + 1).split('/');
    if (kind !== undefined && isWorksheetKind(kind) && rest.length === 0) return null;
    return `link "${href}" is not a worksheet: write ${WORKSHEETS_PATH}/<kind> with a kind of ${WORKSHEET_KINDS.join(', ')}`;
  }
  if (pathOnly.startsWith(`${BUDGET_WIZARD_PATHS[0]!}/`) && !BUDGET_WIZARD_PATHS.includes(pathOnly)) {
    return `link "${href}" is not the budget wizard: write ${BUDGET_WIZARD_PATHS.join(' or ')}`;
  }
  return null;
}

/** Detects raw HTML (a renderer with html:true sees it as html tokens; we never render with it). */
const inspector = new MarkdownIt({ html: true, linkify: false });
type Token = ReturnType<MarkdownIt['parse']>[number];

function* walk(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (token.children) yield* walk(token.children);
  }
}

/** Returns the first problem with a content body, or null. */
export function checkMarkdown(body: string): string | null {
  for (const token of walk(inspector.parse(body, {}))) {
    if (token.type === 'html_block' || token.type === 'html_inline') return 'raw HTML is not allowed in Markdown';
    if (token.type === 'image') return 'images are not allowed';
    if (token.type === 'inline' && /\{\{\s*(?:calculator|diagram):/.test(token.content) && !DIRECTIVE_PARAGRAPH.test(token.content.trim())) {
      return `"${token.content.trim().slice(0, 80)}": a {{calculator:…}} or {{diagram:…}} must be a paragraph on its own (a blank line before and after)`;
    }
    if (token.type === 'heading_open' && token.tag === 'h1') return 'headings start at level 2 (##); the page supplies the title';
    if (token.type === 'link_open') {
      const href = token.attrGet('href') ?? '';
      if (!isSameSitePath(href)) return `link "${href}" must be a same-site path such as ${KB_PATH_PREFIX}credit-and-debt/apr (no external links)`;
      if (href.startsWith(KB_PATH_PREFIX)) {
        const [topic, article, ...rest] = href.slice(KB_PATH_PREFIX.length).split(/[?#]/)[0]!.split('/');
        const known = topic !== undefined && KB_ARTICLES[topic] !== undefined && (article === undefined || KB_ARTICLES[topic].includes(article));
        if (!known || rest.length > 0) return `link "${href}" is not a known knowledge-base topic or article`;
      }
      const toolProblem = toolLinkProblem(href);
      if (toolProblem) return toolProblem;
    }
  }
  return null;
}

export interface RenderOptions {
  /** mark the first occurrence of each of these terms (section bodies) */
  glossary?: readonly GlossaryEntry[];
}

export function renderMarkdown(body: string, options: RenderOptions = {}): string {
  return renderer.render(body, { glossary: options.glossary });
}

/** Words of reading (Markdown syntax stripped roughly: only tokens holding a letter or digit count). */
export function wordCount(body: string): number {
  const text = body.replace(/\]\([^)]*\)/g, ']');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
