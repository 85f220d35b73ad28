/**
 * A glossary term marked by the server in lesson HTML: its definition shows on keyboard focus and on
 * hover, named by aria-describedby; Escape closes it; the term stays a link to its article.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ContentHtml } from '../../../../../src/client/features/catalog/components/ContentHtml';

const HTML =
  '<p>Make a <a href="/app/resources/knowledge-base/budgeting-and-spending/what-is-a-budget" class="glossary-term" data-term="Budget" data-definition="A plan for your money.">budget</a> today.</p>';

it('shows the definition on focus and hover, names it with aria-describedby, and closes on Escape', async () => {
  render(
    <MemoryRouter>
      <button type="button">before</button>
      <ContentHtml html={HTML} />
    </MemoryRouter>,
  );
  const term = screen.getByRole('link', { name: 'budget' });
  expect(term).toHaveAttribute('href', '/app/resources/knowledge-base/budgeting-and-spending/what-is-a-budget');
  await userEvent.tab();
  await userEvent.tab();
  expect(term).toHaveFocus();
  const tip = await screen.findByRole('tooltip');
  expect(tip).toHaveTextContent('Budget: A plan for your money.');
  expect(term).toHaveAccessibleDescription(/A plan for your money\./);
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  expect(term).not.toHaveAttribute('aria-describedby');

  await act(async () => {
    term.blur();
  });
  await userEvent.hover(term);
  expect(await screen.findByRole('tooltip')).toHaveTextContent('A plan for your money.');
});
