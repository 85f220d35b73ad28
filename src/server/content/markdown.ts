/**
 * Markdown for content bodies: markdown-it with html:false (raw HTML is escaped, never passed on).
 * `checkMarkdown` enforces the content rules (no raw HTML, no images, no level-1 headings, links only
 * to same-site paths); `renderMarkdown` renders, and drops any link that is not a same-site path.
 */
import MarkdownIt from 'markdown-it';
import { KB_ARTICLES, KB_PATH_PREFIX } from '../../common/catalog';

const renderer = new MarkdownIt({ html: false, linkify: false, typographer: false });
// same-site paths only: "/…" but never "//…" (protocol-relative) or "/\…"
const isSameSitePath = (href: string): boolean => /^\/(?![/\\])/.test(href);
renderer.validateLink = isSameSitePath;

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
    if (token.type === 'heading_open' && token.tag === 'h1') return 'headings start at level 2 (##); the page supplies the title';
    if (token.type === 'link_open') {
      const href = token.attrGet('href') ?? '';
      if (!isSameSitePath(href)) return `link "${href}" must be a same-site path such as ${KB_PATH_PREFIX}credit-and-debt/apr (no external links)`;
      if (href.startsWith(KB_PATH_PREFIX)) {
        const [topic, article, ...rest] = href.slice(KB_PATH_PREFIX.length).split(/[?#]/)[0]!.split('/');
        const known = topic !== undefined && KB_ARTICLES[topic] !== undefined && (article === undefined || KB_ARTICLES[topic].includes(article));
        if (!known || rest.length > 0) return `link "${href}" is not a known knowledge-base topic or article`;
      }
    }
  }
  return null;
}

export function renderMarkdown(body: string): string {
  return renderer.render(body);
}

/** Words of reading (Markdown syntax stripped roughly: only tokens holding a letter or digit count). */
export function wordCount(body: string): number {
  const text = body.replace(/\]\([^)]*\)/g, ']');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
