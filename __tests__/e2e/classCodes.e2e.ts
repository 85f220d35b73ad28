/**
 * Class codes in real Chromium on the demo world: the school administrator turns on "Students can
 * register without an e-mail address"; a new student enters a class code, sees the school, the class
 * and its teacher before committing, and registers without an e-mail address; a signed-in student
 * joins another class from Home's "Join a class" and is told the class, its teacher and the school.
 * axe-core checks each page visited at a desktop width and at 390 px.
 */
import type { Page } from 'playwright-core';
import type { ClassDetail } from '../../src/common/classroom';
import { createStudent, expectAccessible, oneLookCall, openBrowser, signInAs } from './support/browser';

jest.setTimeout(240_000);

let page: Page;
openBrowser('test', (o) => ({ page } = o));

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** axe at the desktop width and at a phone's, then back to the desktop. */
async function accessibleAtBothWidths(p: Page): Promise<void> {
  await expectAccessible(p);
  await p.setViewportSize(PHONE);
  await expectAccessible(p);
  await p.setViewportSize(DESKTOP);
}

/** A new class of the demo teacher's, made through the service as the Classes page does; its code and teacher's name. */
async function teachersNewClass(p: Page, name: string): Promise<{ code: string; teacher: string }> {
  await signInAs(p, 'teacher');
  const cls = await oneLookCall<ClassDetail>(p, 'POST', '/classes', { name });
  await p.evaluate(() => localStorage.clear());
  return { code: cls.joinCode!, teacher: cls.teachers[0]!.name };
}

/** The school administrator's setting, from the settings page. */
async function setStudentsWithoutEmail(p: Page, on: boolean, check: boolean): Promise<void> {
  await signInAs(p, 'schooladmin', '/app/admin/settings');
  const box = p.getByRole('checkbox', { name: 'Students can register without an e-mail address' });
  await box.waitFor();
  if (check) await accessibleAtBothWidths(p);
  if ((await box.isChecked()) !== on) await box.click();
  await p.getByRole('button', { name: 'Save settings' }).click();
  await p.getByText(/The school’s settings are saved\.|Nothing changed\./).first().waitFor();
  await p.evaluate(() => localStorage.clear());
}

describe('class codes', () => {
  it('a new student sees the school, the class and the teacher first, then registers without an e-mail address', async () => {
    await page.setViewportSize(DESKTOP);
    const className = `Period 9 ${Date.now().toString(36)}`;
    const { code, teacher } = await teachersNewClass(page, className);
    await setStudentsWithoutEmail(page, true, true);
    try {
      await page.goto('/register');
      await accessibleAtBothWidths(page);
      await page.getByRole('textbox', { name: /Class code/ }).fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Continue' }).click();
      // the preview: nothing has started yet
      await page.getByText(`${className} — ${teacher}, Lincoln High School`, { exact: true }).waitFor();
      await page.getByText(/Your school lets you register without an e-mail address\./).waitFor();
      expect(page.url()).toMatch(/\/register$/);
      await accessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Yes, continue' }).click();

      await page.waitForURL(/\/record\/\d+\/name$/);
      await page.getByLabel(/First name/).fill('Nia');
      await page.getByLabel(/Last name/).fill('Brooks');
      await accessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/\/terms$/);
      await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
      await accessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Next' }).click();

      await page.waitForURL(/\/verify$/);
      await page.getByText(/your teacher gives you a temporary password instead/).waitFor();
      await accessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Continue without e-mail' }).click();

      await page.waitForURL(/\/username$/);
      const userName = `nia.${Date.now().toString(36)}`;
      await page.getByRole('textbox', { name: 'User name' }).fill(userName);
      await page.getByText(/is available/i).first().waitFor();
      await accessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/\/password$/);
      await page.locator('#password').fill('river stones under snow');
      await page.getByText('Password strength: Strong').waitFor();
      await page.locator('#confirm').fill('river stones under snow');
      await accessibleAtBothWidths(page);
      await page.getByRole('button', { name: 'Create my account' }).click();

      // signed in, in the class, with no e-mail address on the account
      await page.waitForURL(/\/app$/);
      await accessibleAtBothWidths(page);
      const classes = await oneLookCall<{ name: string }[]>(page, 'GET', '/me/classes');
      expect(classes.map((c) => c.name)).toEqual([className]);
      const profile = await oneLookCall<{ user: { userEmail: string } }>(page, 'GET', '/me/profile');
      expect(profile.user.userEmail).toBe('');
    } finally {
      await page.evaluate(() => localStorage.clear());
      await setStudentsWithoutEmail(page, false, false);
    }
  });

  it('a signed-in student joins another class from Home and is told the class, its teacher and the school', async () => {
    await page.setViewportSize(DESKTOP);
    const className = `Period 10 ${Date.now().toString(36)}`;
    const { code, teacher } = await teachersNewClass(page, className);
    await signInAs(page, createStudent('Omar', 'Haddad'));
    await accessibleAtBothWidths(page);
    await page.getByRole('link', { name: 'Join a class' }).click();
    await page.waitForURL(/\/app\/profile\/code$/);
    await expect(page.title()).resolves.toBe('Add Access Code - Cashwise');
    await accessibleAtBothWidths(page);
    await page.getByRole('textbox', { name: /Class code/ }).fill(code);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `You joined ${className} — ${teacher}, Lincoln High School.` }).waitFor();
    await accessibleAtBothWidths(page);
    const classes = await oneLookCall<{ name: string }[]>(page, 'GET', '/me/classes');
    expect(classes.map((c) => c.name)).toContain(className);
  });
});
