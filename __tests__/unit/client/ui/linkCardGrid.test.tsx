/**
 * The grid of link cards (ui/LinkCardGrid.tsx): each card is one link to its address, named by its
 * title and text, its title a heading of the level given; the grid puts `perRow` side by side.
 */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LinkCardGrid } from '../../../../src/client/ui/LinkCardGrid';

const cards = [
  { to: '/app/catalog', title: 'Catalog', text: 'Work through modules.' },
  { to: '/app/resources', title: 'Resources', text: 'Look things up.' },
] as const;

function renderGrid(props: { perRow: 2 | 3; headingComponent: 'h2' | 'h3' }) {
  return render(
    <MemoryRouter>
      <LinkCardGrid cards={cards} {...props} />
    </MemoryRouter>,
  );
}

it.each([
  { perRow: 2, headingComponent: 'h3', level: 3 },
  { perRow: 3, headingComponent: 'h2', level: 2 },
] as const)('cards $perRow a row with $headingComponent titles: one link each, in order', ({ perRow, headingComponent, level }) => {
  renderGrid({ perRow, headingComponent });
  const links = screen.getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['/app/catalog', '/app/resources']);
  expect(links[0]).toHaveAccessibleName('Catalog Work through modules.');
  expect(within(links[1]!).getByRole('heading', { level, name: 'Resources' })).toBeInTheDocument();
  expect(within(links[1]!).getByText('Look things up.')).toBeInTheDocument();
  expect(screen.getAllByRole('heading')).toHaveLength(2);
});

it('gives each card the width of its share of a row from sm up', () => {
  const two = renderGrid({ perRow: 2, headingComponent: 'h3' });
  const half = two.container.querySelector('.MuiGrid-root .MuiGrid-root')!.className;
  two.unmount();
  const three = renderGrid({ perRow: 3, headingComponent: 'h2' });
  const third = three.container.querySelector('.MuiGrid-root .MuiGrid-root')!.className;
  expect(half).not.toBe(third);
});
