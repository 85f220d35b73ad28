/**
 * Finishing leads somewhere, in real Chromium: the last "Mark complete" of a material offers the
 * module's next step (here the next material's review, its sections already read); the last one of
 * the module congratulates the learner, offers the certificate right there — whose PDF prints the
 * full verification address — and the next module; the module's home says the same. What comes
 * before each step is done through the public API the SPA uses; the review answers come from the
 * content files the server imported. axe-core on every page visited. The learner is "multi", whom
 * the catalog spec leaves alone.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { parseFrontMatter } from '../../src/server/content/frontMatter';
import { e2eState, expectAccessible, oneLookCall, openBrowser, signInAs } from './support/browser';
import { pdfText } from '../support/pdfText';

jest.setTimeout(240_000);

// the content the server imported (CONTENT_DIR, the real content/ by default): it needs a module of
// two materials or more and a second module, as the real content has
const CONTENT = join(process.env.CONTENT_DIR ?? resolve(__dirname, '../../content'), 'catalog');

let page: Page;
openBrowser('file', (o) => ({ page } = o));

/** A OneLook call with the signed-in learner's own token, exactly as the SPA makes it. */
const service = <T>(method: string, path: string, payload?: unknown): Promise<T> => oneLookCall<T>(page, method, path, payload);

interface Material {
  slug: string;
  title: string;
  order: number;
  sections: { slug: string; title: string }[];
  review: { title: string; passed: boolean };
}
interface Module {
  slug: string;
  title: string;
  order: number;
}

const base = (moduleSlug: string, materialSlug: string) => `/catalog/modules/${moduleSlug}/materials/${materialSlug}`;

async function readSections(moduleSlug: string, material: Material, count = material.sections.length): Promise<void> {
  for (const section of material.sections.slice(0, count)) await service('POST', `${base(moduleSlug, material.slug)}/sections/${section.slug}/complete`);
}

/**
 * Passes a material's review with the answers its content file gives, matched by prompt. The server
 * shuffles the choices per opening, so a choice answer is found in this serving by its text.
 */
async function passReview(moduleSlug: string, material: Material): Promise<void> {
  const file = join(CONTENT, moduleSlug, material.slug, 'review.md');
  const { data } = parseFrontMatter(readFileSync(file, 'utf8'), file);
  const questions = data.questions as { prompt: string; choices?: string[]; answer: number | boolean | number[] }[];
  // a choice by its text; a multiple select by the texts of its right choices; true/false and numbers as they are
  const right = new Map(
    questions.map((q) => [q.prompt, !q.choices || typeof q.answer === 'boolean' ? q.answer : Array.isArray(q.answer) ? q.answer.map((i) => q.choices![i]!) : q.choices[q.answer]!]),
  );
  const review = await service<{ serving: string; questions: { id: number; prompt: string; choices?: string[] }[] }>('GET', `${base(moduleSlug, material.slug)}/review`);
  const answers = Object.fromEntries(
    review.questions.map((q) => {
      const answer = right.get(q.prompt);
      if (Array.isArray(answer)) return [String(q.id), answer.map((text) => (q.choices ?? []).indexOf(String(text)))];
      return [String(q.id), typeof answer === 'string' ? (q.choices ?? []).indexOf(answer) : answer];
    }),
  );
  const scored = await service<{ passed: boolean }>('POST', `${base(moduleSlug, material.slug)}/review/attempts`, { serving: review.serving, answers });
  expect(scored.passed).toBe(true);
}

describe('finishing leads somewhere', () => {
  let mod: Module;
  let nextModuleTitle: string;
  let materials: Material[];

  beforeAll(async () => {
    await signInAs(page, 'multi');
    const catalog = (await service<Module[]>('GET', '/catalog')).sort((a, b) => a.order - b.order);
    expect(catalog.length).toBeGreaterThanOrEqual(2);
    mod = catalog[0]!;
    nextModuleTitle = catalog[1]!.title;
    materials = (await service<{ materials: Material[] }>('GET', `/catalog/modules/${mod.slug}`)).materials.sort((a, b) => a.order - b.order);
    expect(materials.length).toBeGreaterThanOrEqual(2);
  });

  it('the last section of a material offers the next step: here the next material’s review', async () => {
    const [first, second] = materials as [Material, Material];
    // the first material all done but its last section; the second one's sections read, its review not taken
    await readSections(mod.slug, first, first.sections.length - 1);
    await passReview(mod.slug, first);
    await readSections(mod.slug, second);

    const last = first.sections[first.sections.length - 1]!;
    await page.goto(`/app/catalog/${mod.slug}/material/${first.slug}/section/${last.slug}`);
    await page.getByRole('button', { name: 'Mark complete' }).waitFor();
    await expect(page.getByTestId('what-next').count()).resolves.toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Mark complete' }).click();

    const offer = page.getByRole('status').filter({ hasText: `You finished ${first.title}.` });
    await offer.waitFor();
    await expectAccessible(page);
    await offer.getByRole('link', { name: `Next: ${second.review.title}` }).click();
    await page.waitForURL(`**/app/catalog/${mod.slug}/material/${second.slug}/review`);
    await page.getByRole('radiogroup').first().waitFor();
    await expectAccessible(page);

    // the finished material's own page says the same
    await page.goto(`/app/catalog/${mod.slug}/material/${first.slug}`);
    await page.getByRole('status').filter({ hasText: `You finished ${first.title}.` }).getByRole('link', { name: `Next: ${second.review.title}` }).waitFor();
    await expectAccessible(page);
  });

  it('the last section of a module congratulates, offers the certificate (full verification address) and the next module', async () => {
    // everything of the module done but the last section of its last material (whatever the test
    // before did: completing a section again and passing a review again change nothing)
    const lastMaterial = materials[materials.length - 1]!;
    for (const material of materials) {
      await readSections(mod.slug, material, material === lastMaterial ? material.sections.length - 1 : material.sections.length);
      await passReview(mod.slug, material);
    }
    const last = lastMaterial.sections[lastMaterial.sections.length - 1]!;
    await page.goto(`/app/catalog/${mod.slug}/material/${lastMaterial.slug}/section/${last.slug}`);
    await page.getByRole('button', { name: 'Mark complete' }).click();

    const congratulations = page.getByRole('status').filter({ hasText: `Congratulations! You completed ${mod.title}.` });
    await congratulations.waitFor();
    await congratulations.getByRole('link', { name: `Next module: ${nextModuleTitle}` }).waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      congratulations.getByRole('button', { name: `Download certificate for ${mod.title}` }).click(),
    ]);
    const text = pdfText(readFileSync((await download.path())!));
    const code = /Verification code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(text)?.[1];
    expect(code).toBeDefined();
    // the whole address, as the server's PUBLIC_URL gives it (the test server's own address, globalSetup.ts), not just the path
    const publicUrl = e2eState().baseURL;
    expect(text).toContain(`Check it at ${publicUrl.replace(/\/+$/, '')}/certificates/${code}`);

    await congratulations.getByRole('link', { name: `Next module: ${nextModuleTitle}` }).click();
    await page.getByRole('heading', { level: 1, name: nextModuleTitle }).waitFor();
    await expectAccessible(page);

    // the finished module's home: congratulations, the certificate and the next module, not just "100% complete"
    await page.goto(`/app/catalog/${mod.slug}`);
    const home = page.getByRole('status').filter({ hasText: `Congratulations! You completed ${mod.title}.` });
    await home.getByRole('button', { name: `Download certificate for ${mod.title}` }).waitFor();
    await home.getByRole('link', { name: `Next module: ${nextModuleTitle}` }).waitFor();
    await expectAccessible(page);
  });
});
