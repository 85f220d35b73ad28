/**
 * A student's language as their teacher sees it: "ES" on the dashboard's row for a student who
 * reads in Spanish, named "Reads in Spanish" for a screen reader; nothing for English (a student
 * who never chose counts as English); the language in words on the student's page.
 */
import { act, render, screen } from '@testing-library/react';
import type { ClassStudentRecord } from '../../../../../src/common/classroom';
import type { Language } from '../../../../../src/common/language';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { LanguageChip } from '../../../../../src/client/features/classroom/components/LanguageChip';
import { studentLanguageLabel, studentLanguageMark } from '../../../../../src/client/features/classroom/model';
import { studentLoaded } from '../../../../../src/client/features/classroom/slice';
import { demoSession, NOW, renderApp } from '../../app/renderApp';

describe('studentLanguageMark and studentLanguageLabel', () => {
  it.each<[Language | undefined, { mark: string; label: string } | null, string]>([
    ['es', { mark: 'ES', label: 'Reads in Spanish' }, 'Reads in Spanish'],
    ['en', null, 'Reads in English'],
    // an answer without the field (never expected): English, as for a student who never chose
    [undefined, null, 'Reads in English'],
  ])('%p → mark %p, words %p', (language, mark, words) => {
    if (language !== undefined) expect(studentLanguageMark(language)).toEqual(mark);
    expect(studentLanguageLabel(language)).toBe(words);
  });
});

describe('LanguageChip', () => {
  it('marks a Spanish reader with "ES", named "Reads in Spanish"', () => {
    render(<LanguageChip language="es" />);
    const chip = screen.getByRole('img', { name: 'Reads in Spanish' });
    expect(chip).toHaveTextContent(/^ES$/);
    expect(chip).toHaveAttribute('title', 'Reads in Spanish');
  });

  it('shows nothing for an English reader', () => {
    const { container } = render(<LanguageChip language="en" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the student's page", () => {
  beforeEach(() => {
    Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
  });

  it('says which language the student reads in', async () => {
    const asTeacher = { auth: signedInState({ ...demoSession(), permissions: ['TEACHER'] }, NOW + 30 * 60_000) };
    const { store } = renderApp('/app/classes/4/students/22', { preloadedState: asTeacher });
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    const record: ClassStudentRecord = {
      classId: 4,
      student: { userId: 22, firstName: 'Abe', lastName: 'Zane', userName: 'abe', externalId: null, language: 'es', signedIn: false, lastActiveAt: null, timeSpentSeconds: 0 },
      transcript: [],
      reviewAttempts: [],
      turnIns: [],
      assignments: [],
      cells: {},
      exceptions: [],
    };
    act(() => {
      store.dispatch(studentLoaded(record));
    });
    expect(await screen.findByText(/Zane, Abe · abe · Reads in Spanish · Not signed in/)).toBeInTheDocument();
  });
});
