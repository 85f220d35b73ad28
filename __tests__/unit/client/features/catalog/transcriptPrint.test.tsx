/** The printed learning record says whose it is, from which school, when, and whether it is filtered. */
import { screen } from '@testing-library/react';
import { registerArea } from '../../../../../src/client/app/areas';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { catalogApi } from '../../../../../src/client/features/catalog/api';
import { initialState as catalogInitialState } from '../../../../../src/client/features/catalog/slice';
import { renderApp, signedIn } from '../../app/renderApp';
import { transcriptRow } from './fixtures';

registerArea(catalogArea);

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

it('the print-only header names the learner, the school, the day printed and how many modules', async () => {
  const transcripts = { status: 'succeeded' as const, data: [transcriptRow(), transcriptRow({ moduleSlug: 'credit', moduleTitle: 'Credit', order: 2 })], error: null };
  renderApp('/app/activity', { preloadedState: { ...signedIn(), catalog: { ...catalogInitialState, resources: { [catalogApi.transcripts]: transcripts } } } });
  const header = await screen.findByTestId('transcript-print-header');
  expect(header).toHaveTextContent('Learning record of Lena Learner (learner)');
  expect(header).toHaveTextContent(/Lincoln High School · printed \d\d\/\d\d\/\d\d · 2 modules/);
  // on screen it is hidden: the page has its own heading and filters
  expect(header).toHaveClass('print-only');
});
