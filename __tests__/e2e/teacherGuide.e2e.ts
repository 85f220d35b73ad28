/**
 * A module's teacher guide in real Chromium, as the demo teacher uses it: opened from the module's
 * page, it shows the objectives, pacing, discussion prompts, the activity and the answer key of the
 * module's reviews; the student packet downloads as a PDF of real size. The assign dialog of a class
 * links to the guide of the module chosen. axe-core on the guide at desktop and phone sizes; a
 * student who types the guide's address is told it is not for them.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { ClassDetail } from '../../src/common/classroom';
import { createStudent, expectAccessible, fitsThePhone, oneLookCall, openBrowser, signInAs } from './support/browser';

jest.setTimeout(180_000);

const MODULE = 'budgeting';
const TITLE = 'Budgeting Basics';
const GUIDE = `/app/catalog/${MODULE}/guide`;

let page: Page;
openBrowser('test', (o) => ({ page } = o));

const section = (name: string) => page.getByRole('region', { name });

describe('the teacher guide of a module', () => {
  it('a teacher opens it from the module page and sees the prompts, the activity and the answer key', async () => {
    await signInAs(page, 'teacher', `/app/catalog/${MODULE}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('link', { name: `Open the teacher guide for ${TITLE}` }).click();
    await page.waitForURL(`**${GUIDE}`);
    await page.getByRole('heading', { level: 1, name: `Teacher Guide: ${TITLE}` }).waitFor();

    await expect(section('Learning objectives').getByRole('listitem').count()).resolves.toBeGreaterThanOrEqual(3);
    await section('Pacing').getByText(/^About \d+ minutes in all: \d+ class periods? of 45 minutes\.$/).waitFor();
    await expect(section('Discussion prompts').getByRole('listitem').count()).resolves.toBeGreaterThanOrEqual(3);
    await page.getByRole('heading', { level: 2, name: /^Classroom activity: / }).waitFor();

    const key = section('Answer key');
    await key.getByRole('heading', { level: 3, name: 'Review: Making Your First Budget' }).waitFor();
    const answers = key.getByRole('list', { name: 'Answers: Review: Making Your First Budget' });
    await expect(answers.locator(':scope > li').count()).resolves.toBeGreaterThanOrEqual(16);
    await expect(answers.locator(':scope > li').first().getByText('Answer:').isVisible()).resolves.toBe(true);
    await expect(answers.locator(':scope > li').first().getByText('Why:').isVisible()).resolves.toBe(true);
    await expectAccessible(page);
  });

  it('downloads the student packet: a PDF of real size', async () => {
    await signInAs(page, 'teacher', GUIDE);
    const button = page.getByRole('button', { name: 'Download the student packet (PDF)' });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`student-packet-${MODULE}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // nine sections' readings and two blank worksheets: tens of kilobytes, not a stub
    expect(pdf.length).toBeGreaterThan(15_000);
    await expect(button.isEnabled()).resolves.toBe(true);
  });

  it('is axe clean on a phone, and fits it', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, 'schooladmin', GUIDE);
    await section('Answer key').getByRole('heading', { level: 3 }).first().waitFor();
    await expectAccessible(page);
    await fitsThePhone(page);
  });

  it('the assign dialog links to the guide of the module chosen', async () => {
    await signInAs(page, 'teacher');
    const cls = await oneLookCall<ClassDetail>(page, 'POST', '/classes', { name: `Guide ${Date.now() % 100_000}` });
    await page.goto(`/app/classes/${cls.id}`);
    await page.getByRole('heading', { level: 1, name: cls.name }).waitFor();
    await page.getByRole('button', { name: 'Assign' }).click();
    await page.getByRole('combobox', { name: 'What to assign' }).selectOption({ label: 'A module' });
    await page.getByRole('combobox', { name: 'Module' }).selectOption({ label: TITLE });
    const link = page.getByRole('dialog').getByRole('link', { name: `Open the teacher guide for ${TITLE}` });
    await link.waitFor();
    await expectAccessible(page);
    await link.click();
    await page.waitForURL(`**${GUIDE}`);
    await page.getByRole('heading', { level: 1, name: `Teacher Guide: ${TITLE}` }).waitFor();
  });

  it('a student is told the guide is not for them, and sees no answers', async () => {
    await signInAs(page, createStudent('Guide', 'Reader'));
    await page.goto(GUIDE);
    await page.getByRole('heading', { level: 1, name: 'You don’t have access to this page' }).waitFor();
    await expect(page.getByText('Answer:').count()).resolves.toBe(0);
    await expectAccessible(page);
  });
});
