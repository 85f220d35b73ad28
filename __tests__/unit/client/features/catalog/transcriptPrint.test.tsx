/** The printed learning record says whose it is, from which school, when, and whether it is filtered. */
import { screen } from '@testing-library/react';
import { registerArea } from '../../../../../src/client/app/areas';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { contentLoaded } from '../../../../../src/client/features/catalog/slice';
import { renderApp, signedIn } from '../../app/renderApp';
import { transcriptRow, catalogState } from './fixtures';

registerArea(catalogArea);

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

it('the print-only header names the learner, the school, the day printed and how many modules', async () => {
  const transcripts = contentLoaded({ kind: 'transcript', args: [] }, [transcriptRow(), transcriptRow({ moduleSlug: 'credit', moduleTitle: 'Credit', order: 2 })]);
  renderApp('/app/activity', { preloadedState: { ...signedIn(), catalog: catalogState(transcripts) } });
  const header = await screen.findByTestId('transcript-print-header');
  expect(header).toHaveTextContent('Learning record of Lena Learner (learner)');
  expect(header).toHaveTextContent(/Lincoln High School · printed \d\d\/\d\d\/\d\d · 2 modules/);
  // on screen it is hidden: the page has its own heading and filters
  expect(header).toHaveClass('print-only');
});
