/**
 * Reads content/knowledge-base into a validated list of topics and articles (docs/content-format.md):
 *   knowledge-base/<topic>/topic.md, knowledge-base/<topic>/<article>.md
 * Reuses the generic front-matter loader and the Markdown checks of the catalog. Beyond each file's
 * own rules, every `related` entry and every knowledge-base link in a body must name an article that
 * is part of the same import. The first problem stops the read with a ContentError naming the file.
 */
import type { Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { KB_PATH_PREFIX } from '../../common/catalog';
import { KB_LIMITS as L, MARK_END, MARK_START, type KbKeyTerm } from '../../common/knowledgeBase';
import type { Db } from '../db';
import { changed, removed } from '../db/changes';
import { searchRepository } from '../search/repository';
import { writeVocabulary } from '../search/vocabulary';
import { checkSlug, contentNames, inOrder, isDirectory, validate } from './contentFolder';
import { expandFigures, readFigures, type FigureLedger } from './figures';
import { ContentError, readMarkdownFile } from './frontMatter';
import { articleSchema, topicSchema } from './kbSchema';
import { SYNONYMS_FILE, type SynonymGroup } from './kbSynonyms';
import { checkMarkdown, renderMarkdown, wordCount } from './markdown';

export const KB_FOLDER = 'knowledge-base';

export interface KbArticle {
  slug: string;
  title: string;
  summary: string;
  keyTerms: KbKeyTerm[];
  /** "<topic>/<article>" */
  related: string[];
  /** YYYY-MM-DD */
  updated: string;
  body: string;
}

export interface KbTopic {
  slug: string;
  title: string;
  order: number;
  summary: string;
  articles: KbArticle[];
}

/** Knowledge-base article links in a body ("/app/resources/knowledge-base/<topic>/<article>"). */
const linkParser = new MarkdownIt({ html: false, linkify: false });
export function kbLinks(body: string): string[] {
  const links: string[] = [];
  const visit = (tokens: ReturnType<MarkdownIt['parse']>) => {
    for (const token of tokens) {
      if (token.type === 'link_open') {
        const href = token.attrGet('href') ?? '';
        if (href.startsWith(KB_PATH_PREFIX)) links.push(href.slice(KB_PATH_PREFIX.length).split(/[?#]/)[0]!.replace(/\/$/, ''));
      }
      if (token.children) visit(token.children);
    }
  };
  visit(linkParser.parse(body, {}));
  return links;
}

/**
 * A translation (docs/content-format.md "Spanish twins") reads longer: `wordsMax` is its band, and
 * `fit` what the schema's character limits see of its front matter.
 */
export function readArticle(abs: string, file: string, slug: string, figures: FigureLedger, translated: { wordsMax?: number; fit?: (data: unknown) => unknown } = {}): KbArticle {
  const wordsMax = translated.wordsMax ?? L.articleWordsMax;
  const md = readMarkdownFile(abs, file, (text) => expandFigures(text, figures, file));
  const checked = validate<Omit<KbArticle, 'slug' | 'body'>>(articleSchema, translated.fit ? translated.fit(md.data) : md.data, file);
  // strict schemas do not transform: the file's own values are what passed (fitted or not)
  const data = translated.fit ? (md.data as typeof checked) : checked;
  if (md.body.trim() === '') throw new ContentError(file, 'needs the article as Markdown after the front matter');
  const problem = checkMarkdown(md.body);
  if (problem) throw new ContentError(file, problem);
  // markdown-it never makes these links (its validateLink refuses them), so checkMarkdown cannot see them
  const script = /\]\(\s*<?\s*((?:javascript|vbscript|data|file):[^)\s]*)/i.exec(md.body);
  if (script) throw new ContentError(file, `link "${script[1]}" must be a same-site path (no script or data links)`);
  const words = wordCount(md.body);
  if (words < L.articleWordsMin || words > wordsMax) {
    throw new ContentError(file, `the article has ${words} words; an article needs ${L.articleWordsMin}–${wordsMax}`);
  }
  return { slug, title: data.title, summary: data.summary, keyTerms: data.keyTerms, related: data.related, updated: data.updated, body: md.body };
}

function readTopic(root: string, rel: string, slug: string, figures: FigureLedger): KbTopic & { file: string } {
  const abs = path.join(root, rel);
  const topicFile = `${rel}/topic.md`;
  const names = contentNames(abs);
  if (!names.includes('topic.md')) throw new ContentError(topicFile, 'is missing (every topic folder needs a topic.md)');
  const md = readMarkdownFile(path.join(abs, 'topic.md'), topicFile, (text) => expandFigures(text, figures, topicFile));
  const data = validate<{ title: string; order: number; summary: string }>(topicSchema, md.data, topicFile);
  if (md.body.trim() !== '') {
    const problem = checkMarkdown(md.body);
    if (problem) throw new ContentError(topicFile, problem);
  }
  const articles: KbArticle[] = [];
  for (const name of names) {
    if (name === 'topic.md') continue;
    const file = `${rel}/${name}`;
    if (isDirectory(path.join(abs, name)) || !name.endsWith('.md')) {
      throw new ContentError(file, 'is not expected here (a topic folder holds topic.md and <article-slug>.md files)');
    }
    const articleSlug = name.slice(0, -3);
    checkSlug(articleSlug, file);
    articles.push(readArticle(path.join(abs, name), file, articleSlug, figures));
  }
  if (articles.length === 0) throw new ContentError(rel, 'has no articles; a topic needs at least one <article-slug>.md');
  return { slug, ...data, articles, file: topicFile };
}

/** True when `<contentDir>/knowledge-base` exists (content without one imports an empty knowledge base). */
export function hasKnowledgeBase(contentDir: string): boolean {
  return isDirectory(path.join(contentDir, KB_FOLDER));
}

/** Reads and validates `<contentDir>/knowledge-base`. Messages name files relative to contentDir. */
export function readKnowledgeBase(contentDir: string): KbTopic[] {
  const abs = path.join(contentDir, KB_FOLDER);
  if (!isDirectory(abs)) throw new ContentError(KB_FOLDER, `folder is missing in ${contentDir}`);
  const figures = readFigures(contentDir);
  const topics: (KbTopic & { file: string })[] = [];
  for (const name of contentNames(abs)) {
    const rel = `${KB_FOLDER}/${name}`;
    if (rel === SYNONYMS_FILE) continue; // read by readSynonyms (kbSynonyms.ts)
    if (!isDirectory(path.join(abs, name))) throw new ContentError(rel, `is not expected here (${KB_FOLDER}/ holds one folder per topic and ${SYNONYMS_FILE.slice(KB_FOLDER.length + 1)})`);
    checkSlug(name, rel);
    topics.push(readTopic(contentDir, rel, name, figures));
  }
  if (topics.length === 0) throw new ContentError(KB_FOLDER, 'has no topics');

  const ordered = inOrder(topics, 'topics');

  const keys = new Set(topics.flatMap((t) => t.articles.map((a) => `${t.slug}/${a.slug}`)));
  for (const topic of topics) {
    for (const article of topic.articles) {
      const file = `${KB_FOLDER}/${topic.slug}/${article.slug}.md`;
      const self = `${topic.slug}/${article.slug}`;
      for (const key of article.related) {
        if (key === self) throw new ContentError(file, `related lists the article itself ("${key}")`);
        if (!keys.has(key)) throw new ContentError(file, `related article "${key}" does not exist in ${KB_FOLDER}/`);
      }
      for (const link of kbLinks(article.body)) {
        const isTopic = !link.includes('/') && topics.some((t) => t.slug === link);
        if (link !== '' && !isTopic && !keys.has(link)) throw new ContentError(file, `link to "${KB_PATH_PREFIX}${link}" does not match a topic or article in ${KB_FOLDER}/`);
      }
    }
  }
  return ordered.map((t) => ({ ...t, articles: [...t.articles].sort((a, b) => a.title.localeCompare(b.title)) }));
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Tags inside a line of text: dropped without a space, so "<strong>credit score</strong>, and" reads
 * "credit score, and" in a snippet (every other tag ends a block and becomes a space).
 */
const INLINE_TAG = /<\/?(?:a|strong|em|b|i|s|del|code|span|sub|sup|mark|abbr)(?:\s[^>]*)?>/gi;

/** The body's readable text (for the search index): rendered, tags dropped, entities decoded, markers removed. */
export function plainText(markdown: string): string {
  return renderMarkdown(markdown)
    .replace(INLINE_TAG, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replaceAll(MARK_START, '')
    .replaceAll(MARK_END, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface KbCounts {
  topics: number;
  articles: number;
}

/**
 * Replaces the imported knowledge base and rebuilds the search index. Call it inside the import's
 * transaction (importContent does), so the articles and their index change together or not at all.
 * View counts refer to slugs and survive a re-import.
 */
export async function writeKnowledgeBase(trx: Db, topics: readonly KbTopic[], synonyms: readonly SynonymGroup[] = []): Promise<KbCounts> {
  await trx.deleteFrom('kb_articles').execute();
  removed('kb_articles');
  await trx.deleteFrom('kb_topics').execute();
  removed('kb_topics');
  let articles = 0;
  const texts: string[] = [];
  for (const topic of topics) {
    const { id: topicId } = await trx
      .insertInto('kb_topics')
      .values({ slug: topic.slug, title: topic.title, position: topic.order, summary: topic.summary })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const a of topic.articles) {
      articles += 1;
      const bodyText = plainText(a.body);
      texts.push(`${a.title}\n${a.summary}\n${bodyText}`);
      await trx
        .insertInto('kb_articles')
        .values({
          topic_id: topicId,
          topic_slug: topic.slug,
          slug: a.slug,
          title: a.title,
          summary: a.summary,
          key_terms: JSON.stringify(a.keyTerms),
          related: JSON.stringify(a.related),
          updated: a.updated,
          body_html: renderMarkdown(a.body),
          body_text: bodyText,
        })
        .execute();
      changed('kb_articles');
    }
  }
  await searchRepository(trx).reindex();
  await writeVocabulary(trx, texts, synonyms);
  return { topics: topics.length, articles };
}

/** Adds every file under `<contentDir>/knowledge-base` (path and bytes, sorted) to the content hash. */
export function hashKnowledgeBase(hash: Hash, contentDir: string): void {
  const root = path.join(contentDir, KB_FOLDER);
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(root, rel)).sort()) {
      const childRel = rel ? `${rel}/${name}` : name;
      const childAbs = path.join(root, childRel);
      if (isDirectory(childAbs)) walk(childRel);
      else {
        hash.update(`${KB_FOLDER}/${childRel}\0`);
        hash.update(readFileSync(childAbs));
        hash.update('\0');
      }
    }
  };
  if (isDirectory(root)) walk('');
}
