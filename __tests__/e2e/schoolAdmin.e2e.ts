/**
 * Staff workspaces in real Chromium: staff sign in to /app like everyone (SPEC S2.15), where a
 * staff-only user's Home is their first workspace: `support` lands on the ticket queue, `teacher` on
 * their class list, `schooladmin` on the school's overview, whose count of working codes the codes list
 * and the printed sheet of every working code agree with, from where they send an invitation, give a
 * student a temporary password, end the student's sessions and read all three in the audit trail;
 * `schooladmin` also opens Classes and Teachers, adds a teacher to a class and prints its code
 * sheet, uploads a OneRoster file (dry run, then import) and changes the school's time zone; a learner opening /app/admin is told plainly that the page is not theirs. axe-core on every staff
 * page, at 1366×768 and 390×844.
 */
import type { Page } from 'playwright-core';
import { enrollment, klass, org, rosterZip, user } from '../support/oneRoster';
import { CLASS_ADMIN_PATHS } from '../../src/common/schoolAdminClasses';
import { expectAccessible, oneLookCall, openBrowser, signInAs } from './support/browser';

jest.setTimeout(300_000);

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
/** a demo student of Lincoln (README, "Demo accounts"); not `learner`, whose password other files use */
const STUDENT = 'tariq.baker';

let page: Page;
openBrowser('test', (o) => ({ page } = o));
beforeEach(async () => {
  await page.setViewportSize(DESKTOP);
});

/**
 * Signs in with no redirect: everyone lands on /app, Home (S2.15, S2.17); `view`, a heading of the
 * landing's own content (a staff-only user's workspace, a learner's Home), shows what Home is.
 */
async function signInHome(userName: string, view: string): Promise<void> {
  await signInAs(page, userName);
  await page.getByRole('main').getByRole('heading', { level: 2, name: view }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/app');
  await expect(page.title()).resolves.toBe('Home - Cashwise');
}

/** axe at the desktop size, then at the phone's, back to the desktop. */
async function accessibleAtBothSizes(): Promise<void> {
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}

describe('staff workspaces', () => {
  it('[S2.15] support signs in to /app and lands on the ticket queue; School is not in their navigation', async () => {
    await signInHome('support', 'Support tickets');
    await page.getByRole('table', { name: 'Support tickets' }).waitFor();
    expect(await page.getByRole('main').getByRole('heading', { name: 'Where would you like to go?' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await nav.getByRole('link', { name: 'Support' }).waitFor();
    expect(await nav.getByRole('link', { name: 'School' }).count()).toBe(0);
    await accessibleAtBothSizes();
  });

  it('[S2.15] a teacher signs in to /app and lands on their class list, each class opening its page', async () => {
    await signInHome('teacher', 'Your classes');
    const classes = page.getByRole('table', { name: 'Your classes' });
    await classes.getByRole('link', { name: 'Personal Finance — Period 2' }).waitFor();
    await expectAccessible(page);
    await classes.getByRole('link', { name: 'Personal Finance — Period 2' }).click();
    await page.getByRole('heading', { level: 1, name: 'Personal Finance — Period 2' }).waitFor();
  });

  it('a school admin invites, gives a temporary password, ends sessions and reads all three in the audit trail', async () => {
    // Home is the school's overview, with Classes as the other workspace's card
    await signInHome('schooladmin', 'Lincoln High School');
    await page.getByRole('heading', { level: 2, name: 'Your other workspaces' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: /^Classes\b/ }).first().waitFor();
    await accessibleAtBothSizes();

    // the overview counts the codes the list shows as working, of each kind
    const counted = (await page.getByText(/working access codes? and \d+ working class codes?/).textContent()) ?? '';
    const [, accessCount, classCount] = /(\d+) working access codes? and (\d+) working class codes?/.exec(counted) ?? [];

    // an invitation
    const email = `invited.${Date.now() % 100_000}@example.edu`;
    await page.getByRole('link', { name: 'Manage codes and invitations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Access Codes and Invitations' }).waitFor();
    await page.getByLabel('Student’s e-mail').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('table', { name: 'Invitations' }).getByRole('cell', { name: email, exact: true }).waitFor();
    await accessibleAtBothSizes();

    // the codes: as many working as the overview said; a class code's seats used are its students
    const codeTable = page.getByRole('table', { name: 'Access codes and class codes' });
    await codeTable.getByRole('cell', { name: 'Class code: Personal Finance — Period 2' }).waitFor();
    const codeRows = await codeTable.locator('tbody tr').evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const workingCodes = codeRows.filter(([, , , status]) => status?.startsWith('Works until'));
    expect({ access: workingCodes.filter(([, kind]) => kind?.startsWith('Access code')).length, class: workingCodes.filter(([, kind]) => kind?.startsWith('Class code')).length }).toEqual({
      access: Number(accessCount),
      class: Number(classCount),
    });
    expect(Number(classCount)).toBeGreaterThanOrEqual(2);
    // other files' students join Period 2 too, so its size is read from the school's class list
    const classes = await oneLookCall<{ name: string; students: number }[]>(page, 'GET', CLASS_ADMIN_PATHS.classes);
    const period2 = classes.find((c) => c.name === 'Personal Finance — Period 2')?.students ?? 0;
    expect(period2).toBeGreaterThanOrEqual(24);
    expect(codeRows.find(([, kind]) => kind === 'Class code: Personal Finance — Period 2')?.[2]).toBe(`${period2} of 40`);

    // Print codes: a card for every working code, the school's access codes and the class codes
    await page.getByRole('link', { name: 'Print codes' }).click();
    await page.waitForURL(/\/app\/admin\/codes\/print$/);
    const schoolSheet = page.getByRole('region', { name: 'Access codes and class codes — Lincoln High School' });
    await schoolSheet.getByRole('listitem').first().waitFor();
    const printed = await schoolSheet.getByRole('listitem').evaluateAll((cards) => cards.map((card) => /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(card.textContent ?? '')?.[0]));
    expect(printed.sort()).toEqual(workingCodes.map(([code]) => code).sort());
    await schoolSheet.getByText('Class: Personal Finance — Period 2').waitFor();
    await accessibleAtBothSizes();

    // the student: a temporary password, then their sessions ended
    await page.goto('/app/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByLabel('Name, user name or e-mail').fill(STUDENT);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: STUDENT, exact: true }) });
    await row.waitFor();
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').count()).resolves.toBe(2); // the header and the student
    await accessibleAtBothSizes();
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Give a temporary password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Temporary password' });
    await expect(dialog.getByTestId('temporary-password').textContent()).resolves.toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'End sessions' }).click();
    await page.getByText(/session(s)? (was|were) ended|had no open session/).first().waitFor();

    // the audit trail: all three, newest first
    await page.goto('/app/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    const trail = page.getByRole('table', { name: 'Audit trail' });
    await trail.getByRole('cell', { name: 'Ended sessions' }).first().waitFor();
    const actions = await trail.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(actions.slice(0, 3)).toEqual(['Ended sessions', 'Gave a temporary password', 'Created an invitation']);
    const targets = await trail.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(targets.slice(0, 3)).toEqual([expect.stringContaining(STUDENT), expect.stringContaining(STUDENT), email]);
    await accessibleAtBothSizes();

    // filtered to one action
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Gave a temporary password' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Page 1 of 1').waitFor();
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('table[aria-label="Audit trail"] tbody tr td:nth-child(3)')].map((c) => c.textContent);
      return cells.length > 0 && cells.every((c) => c === 'Gave a temporary password');
    });
  });

  it('a school admin opens Classes, adds a teacher to a class and prints its code sheet', async () => {
    await signInHome('schooladmin', 'Lincoln High School');
    // a colleague to add: a new account, given the Teacher role on the Users page
    const userName = `coteach${Date.now() % 100_000}`;
    await page.goto('/app/admin/users');
    await page.getByRole('button', { name: 'Create a learner' }).click();
    const form = page.getByRole('dialog', { name: 'Create a learner' });
    await form.getByLabel('First name').fill('Pat');
    await form.getByLabel('Last name').fill('Partner');
    await form.getByLabel('User name').fill(userName);
    await form.getByLabel('E-mail').fill(`${userName}@example.edu`);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog', { name: 'The learner’s temporary password' }).getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Name, user name or e-mail').fill(userName);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: userName, exact: true }) });
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Give the teacher role' }).click();
    await row.getByText('Teacher', { exact: true }).waitFor();

    // Classes and Teachers, from the School overview
    await page.goto('/app/admin');
    await page.getByRole('link', { name: 'Classes and teachers' }).click();
    await page.waitForURL(/\/app\/admin\/classes$/);
    await page.getByRole('heading', { level: 1, name: 'Classes and Teachers' }).waitFor();
    const classes = page.getByRole('table', { name: 'Classes' });
    await classes.getByRole('link', { name: 'Personal Finance — Period 2' }).waitFor();
    await accessibleAtBothSizes();
    await page.getByLabel('Search classes and teachers').fill('period 5');
    await expect(classes.getByRole('link').allTextContents()).resolves.toEqual(['Personal Finance — Period 5']);
    await page.getByLabel('Search classes and teachers').fill('');

    // the class: add the colleague as a teacher
    await classes.getByRole('link', { name: 'Personal Finance — Period 2' }).click();
    await page.getByRole('heading', { level: 1, name: 'Personal Finance — Period 2' }).waitFor();
    const teachers = page.getByRole('table', { name: 'Teachers' });
    await teachers.getByRole('cell', { name: 'teacher', exact: true }).waitFor();
    await accessibleAtBothSizes();
    await page.getByRole('combobox', { name: 'Teacher to add' }).click();
    await page.getByRole('option', { name: `Pat Partner (${userName})` }).click();
    await page.getByRole('button', { name: 'Add teacher' }).click();
    await teachers.getByRole('cell', { name: userName, exact: true }).waitFor();
    await page.getByText('Pat Partner now teaches this class.').waitFor();
    const studentsHeading = (await page.getByRole('heading', { level: 2, name: /^Students \(\d+\)$/ }).textContent()) ?? '';
    const classSize = Number(/\((\d+)\)/.exec(studentsHeading)?.[1]);
    const joinCode = (await page.getByText(/^Class code:/).textContent())?.replace('Class code:', '').trim() ?? '';
    expect(joinCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // the printable sheet: a card per student, each with the school, class, code and where to go
    await page.getByRole('link', { name: 'Print codes' }).click();
    await page.waitForURL(/\/app\/admin\/codes\/print\?class=\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Print Codes' }).waitFor();
    const sheet = page.getByRole('region', { name: 'Class codes — Personal Finance — Period 2' });
    const cards = sheet.getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(classSize);
    expect(classSize).toBeGreaterThanOrEqual(24);
    const first = (await cards.first().textContent()) ?? '';
    for (const part of ['Lincoln High School', 'Class: Personal Finance — Period 2', 'For: ', joinCode, '/register/code', '/app/profile/code', 'Works until']) expect(first).toContain(part);
    await accessibleAtBothSizes();
    // Print opens the browser's print dialog; on paper only the cards show
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.evaluate(() => (window as unknown as { printed: number }).printed)).resolves.toBe(1);
    await page.emulateMedia({ media: 'print' });
    const seen = await page.evaluate(() => ({
      button: getComputedStyle([...document.querySelectorAll('button')].find((b) => b.textContent === 'Print')!).visibility,
      nav: [...document.querySelectorAll('header, nav')].map((el) => getComputedStyle(el).visibility),
      card: getComputedStyle(document.querySelector('#code-sheet li')!).visibility,
    }));
    expect(seen.nav.length).toBeGreaterThan(0);
    expect(seen).toEqual({ button: 'hidden', nav: seen.nav.map(() => 'hidden'), card: 'visible' });
    await page.emulateMedia({ media: 'screen' });

    // and the trail has it
    await page.goto('/app/admin/audit');
    await page.getByRole('table', { name: 'Audit trail' }).getByRole('cell', { name: 'Added a teacher to a class' }).first().waitFor();
  });

  it('a school admin uploads a roster (dry run, then import) and changes the school’s time zone', async () => {
    await signInHome('schooladmin', 'Lincoln High School');
    // a small OneRoster export of Lincoln, built here: one teacher, two students, one class
    const zip = rosterZip({
      orgs: [org('e2e-dist', 'Lincoln District', 'district'), org('e2e-lin', 'Lincoln High School', 'school', 'LINCOLN-HS', 'e2e-dist')],
      users: [user('e2e-t1', 'teacher', 'e2e-lin', 'ms.rivera', 'Ana', 'Rivera'), user('e2e-s1', 'student', 'e2e-lin', 'sam.ortiz', 'Sam', 'Ortiz'), user('e2e-s2', 'student', 'e2e-lin', 'kim.lee', 'Kim', 'Lee')],
      classes: [klass('e2e-c1', 'Economics, Period 6', 'e2e-lin')],
      enrollments: [enrollment('e2e-e1', 'e2e-c1', 'e2e-lin', 'e2e-t1', 'teacher', true), enrollment('e2e-e2', 'e2e-c1', 'e2e-lin', 'e2e-s1', 'student'), enrollment('e2e-e3', 'e2e-c1', 'e2e-lin', 'e2e-s2', 'student')],
      courses: [],
      academicSessions: [],
    });
    await page.goto('/app/admin/roster');
    await page.getByRole('heading', { level: 1, name: 'Roster Upload' }).waitFor();
    await page.getByRole('button', { name: 'Choose a roster ZIP' }).waitFor();
    await accessibleAtBothSizes();
    await page.getByTestId('roster-file').setInputFiles({ name: 'lincoln.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });

    // the dry run's report: what would change, and nothing changed yet
    const wouldDo = page.getByRole('table', { name: 'What the import would do' });
    await wouldDo.waitFor();
    await page.getByText('Dry run finished: nothing was changed.').first().waitFor();
    const usersRow = wouldDo.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Users' }) });
    await expect(usersRow.getByRole('cell').allTextContents()).resolves.toEqual(['3', '0', '0 deactivated']);
    await accessibleAtBothSizes();

    // the import applies exactly that file
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const did = page.getByRole('table', { name: 'What the import did' });
    await did.waitFor();
    await page.getByText('The roster was imported.').first().waitFor();
    await expect(did.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Classes' }) }).getByRole('cell').first().textContent()).resolves.toBe('1');
    await page.goto('/app/admin/classes');
    await page.getByRole('table', { name: 'Classes' }).getByRole('link', { name: 'Economics, Period 6' }).waitFor();

    // the school's settings: another time zone, saved and shown again after a reload
    await page.goto('/app/admin/settings');
    await page.getByRole('heading', { level: 1, name: 'School Settings' }).waitFor();
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone.inputValue()).resolves.toBe('America/New_York');
    await accessibleAtBothSizes();
    await zone.fill('America/Chicago');
    await page.getByRole('option', { name: 'America/Chicago', exact: true }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The school’s settings are saved.').first().waitFor();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Time zone' }).inputValue()).resolves.toBe('America/Chicago');

    // both are in the trail
    await page.goto('/app/admin/audit');
    const trail = page.getByRole('table', { name: 'Audit trail' });
    await trail.locator('tbody tr').first().waitFor();
    const actions = await trail.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(actions.slice(0, 2)).toEqual(['Changed the school’s settings', 'Imported a roster']);
  });

  it('a learner opening /app/admin is told they have no access, and sees no school data', async () => {
    await signInHome('learner', 'Where would you like to go?');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await nav.getByRole('link', { name: 'Catalog' }).waitFor();
    expect(await nav.getByRole('link', { name: 'School' }).count()).toBe(0);
    await page.goto('/app/admin');
    await page.getByRole('heading', { level: 1, name: 'You don’t have access to this page' }).waitFor();
    await page.getByText(/School administration is where/).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await accessibleAtBothSizes();
  });
});
