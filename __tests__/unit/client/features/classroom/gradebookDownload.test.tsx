/**
 * The class page's gradebook download with the teacher's mark for missing work: 0 unless the teacher
 * picks another, sent with the request (the saga passes it on as the `missing` query).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassDetail } from '../../../../../src/common/classroom';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { classLoaded, gradebookSaved } from '../../../../../src/client/features/classroom/slice';
import { demoSession, NOW, renderApp } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const asTeacher = { auth: signedInState({ ...demoSession(), permissions: ['TEACHER'] }, NOW + 30 * 60_000) };
const detail: ClassDetail = {
  id: 4,
  name: 'Personal Finance — Period 2',
  archived: false,
  studentCount: 0,
  assignmentCount: 0,
  joinCode: 'PF2-ABCD',
  teachers: [{ userId: 1, name: 'Tess Teacher', role: 'owner' }],
  schoolName: 'Lincoln High School',
  timezone: 'America/Chicago',
  assignments: [],
  signInUrl: 'https://cashwise.example.org/login',
  registerUrl: 'https://cashwise.example.org/register/code',
  joinUrl: 'https://cashwise.example.org/app/profile/code',
};

const requested = (dispatch: jest.SpyInstance) => dispatch.mock.calls.map(([a]) => a as { type: string; payload: unknown }).filter((a) => a.type === 'classroom/gradebookRequested');

it('downloads with missing work as 0 by default, and with the mark the teacher picks', async () => {
  const { store, dispatch } = renderApp('/app/classes/4', { preloadedState: asTeacher });
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  act(() => {
    store.dispatch(classLoaded(detail));
  });
  const button = await screen.findByRole('button', { name: 'Download gradebook (CSV)' });
  const mark = screen.getByRole('combobox', { name: 'Missing work' });
  expect(mark).toHaveValue('zero');
  expect(Array.from((mark as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['0', 'Blank', 'M']);
  await userEvent.click(button);
  // sagas are off here: the download ends as the saga would end it
  act(() => {
    store.dispatch(gradebookSaved());
  });
  await userEvent.selectOptions(mark, 'M');
  await userEvent.click(button);
  expect(requested(dispatch).map((a) => a.payload)).toEqual([
    { classId: 4, className: detail.name, missing: 'zero' },
    { classId: 4, className: detail.name, missing: 'M' },
  ]);
});
