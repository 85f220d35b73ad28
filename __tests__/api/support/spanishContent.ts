/**
 * A small bilingual content folder for the Spanish tests: the catalog fixture
 * (__tests__/fixtures/content), its partial Spanish twins (__tests__/fixtures/content-es: the module,
 * the material, one of three sections and the review) and a knowledge base of four articles written
 * here in both languages (their readings are a sentence repeated to the required length).
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FIXTURES = path.resolve(__dirname, '../../fixtures');

interface Article {
  topic: string;
  slug: string;
  related: string[];
  en: { title: string; summary: string; terms: [string, string][]; heading: string; sentence: string };
  es: { title: string; summary: string; terms: [string, string][]; heading: string; sentence: string };
}

const TOPICS = [
  { slug: 'saving-and-investing', order: 4, en: 'Saving and Investing', es: 'Ahorrar e invertir' },
  { slug: 'credit-and-debt', order: 5, en: 'Credit and Debt', es: 'Crédito y deudas' },
];

export const ARTICLES: Article[] = [
  {
    topic: 'credit-and-debt',
    slug: 'credit-score',
    related: ['credit-and-debt/apr', 'saving-and-investing/simple-interest'],
    en: { title: 'What Is a Credit Score?', summary: 'A number from 300 to 850 that lenders read.', terms: [['Credit score', 'A number that sums up how you have paid what you borrowed.'], ['Lender', 'Whoever lends you money.']], heading: 'What it is', sentence: 'A credit score is a number from 300 to 850 that tells a lender how you repaid what you borrowed.' },
    es: { title: '¿Qué es el puntaje de crédito?', summary: 'Un número de 300 a 850 que leen los prestamistas.', terms: [['Puntaje de crédito', 'Un número que resume cómo pagaste lo que pediste prestado.'], ['Prestamista', 'Quien te presta dinero.']], heading: 'Qué es', sentence: 'El puntaje de crédito es un número de 300 a 850 que le dice a un prestamista cómo pagaste lo que pediste prestado.' },
  },
  {
    topic: 'credit-and-debt',
    slug: 'apr',
    related: ['credit-and-debt/credit-score', 'saving-and-investing/compound-interest'],
    en: { title: 'What Is APR?', summary: 'The yearly cost of borrowing, as a percent.', terms: [['Annual percentage rate (APR)', 'The yearly cost of borrowing.'], ['Balance', 'What you still owe.']], heading: 'What it is', sentence: 'A card with an APR of 24% charges about 2% a month on the balance you carry.' },
    es: { title: '¿Qué es la tasa de porcentaje anual?', summary: 'El costo anual de pedir prestado, en porcentaje.', terms: [['Tasa de porcentaje anual (APR)', 'El costo anual de pedir prestado.'], ['Saldo', 'Lo que todavía debes.']], heading: 'Qué es', sentence: 'Una tarjeta con una APR de 24% cobra cerca de 2% al mes sobre el saldo que dejas sin pagar.' },
  },
  {
    topic: 'saving-and-investing',
    slug: 'compound-interest',
    related: ['saving-and-investing/simple-interest', 'credit-and-debt/apr'],
    en: { title: 'Compound Interest', summary: 'Interest that earns interest.', terms: [['Compound interest', 'Interest on your savings and on the interest they already earned.'], ['Principal', 'The money you started with.']], heading: 'How it grows', sentence: 'With compound interest, $100 at 5% grows to $105 and then earns interest on $105.' },
    es: { title: 'Interés compuesto', summary: 'Interés que gana interés.', terms: [['Interés compuesto', 'Interés sobre tus ahorros y sobre el interés que ya ganaron.'], ['Capital', 'El dinero con que empezaste.']], heading: 'Cómo crece', sentence: 'Con el interés compuesto, $100 al 5% crecen a $105 y luego ganan interés sobre $105.' },
  },
  {
    topic: 'saving-and-investing',
    slug: 'simple-interest',
    related: ['saving-and-investing/compound-interest', 'credit-and-debt/credit-score'],
    en: { title: 'Simple Interest', summary: 'Interest on the starting amount only.', terms: [['Simple interest', 'Interest paid on the starting amount only.'], ['Rate', 'The percent paid each year.']], heading: 'How it works', sentence: 'With simple interest, $100 at 5% earns $5 every year, no more.' },
    es: { title: 'Interés simple', summary: 'Interés solo sobre la cantidad inicial.', terms: [['Interés simple', 'Interés que se paga solo sobre la cantidad inicial.'], ['Tasa', 'El porcentaje que se paga cada año.']], heading: 'Cómo funciona', sentence: 'Con el interés simple, $100 al 5% ganan $5 cada año, y nada más.' },
  },
];

const quote = (text: string) => JSON.stringify(text);

function articleFile(a: Article, lang: 'en' | 'es'): string {
  const t = a[lang];
  const terms = t.terms.map(([term, definition]) => `  - term: ${quote(term)}\n    definition: ${quote(definition)}`).join('\n');
  const paragraph = Array.from({ length: 16 }, () => t.sentence).join(' ');
  return `---\ntitle: ${quote(t.title)}\nsummary: ${quote(t.summary)}\nkeyTerms:\n${terms}\nrelated: [${a.related.join(', ')}]\nupdated: 2026-11-01\n---\n## ${t.heading}\n\n${paragraph}\n`;
}

function write(root: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

/** A fresh folder with the English catalog fixture and knowledge base; `spanish` adds the twins. */
export function bilingualContentDir(spanish = true): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-es-'));
  cpSync(path.join(FIXTURES, 'content'), dir, { recursive: true });
  if (spanish) cpSync(path.join(FIXTURES, 'content-es'), dir, { recursive: true });
  for (const topic of TOPICS) {
    write(dir, `knowledge-base/${topic.slug}/topic.md`, `---\ntitle: ${topic.en}\norder: ${topic.order}\nsummary: ${quote(`All about ${topic.en.toLowerCase()}.`)}\n---\n`);
    if (spanish) write(dir, `es/knowledge-base/${topic.slug}/topic.md`, `---\ntitle: ${quote(topic.es)}\norder: ${topic.order}\nsummary: ${quote(`Todo sobre ${topic.es.toLowerCase()}.`)}\n---\n`);
  }
  for (const a of ARTICLES) {
    write(dir, `knowledge-base/${a.topic}/${a.slug}.md`, articleFile(a, 'en'));
    if (spanish) write(dir, `es/knowledge-base/${a.topic}/${a.slug}.md`, articleFile(a, 'es'));
  }
  if (spanish) write(dir, 'es/knowledge-base/synonyms.yaml', '- [puntaje de crédito, FICO, calificación crediticia]\n- [APR, tasa anual]\n');
  return dir;
}
