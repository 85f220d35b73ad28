/**
 * A line of a list the learner fills in (features/documents/components/LineFieldset.tsx): a group named by its legend,
 * its fields, and a Remove button named after it, left out of the printout — in either layout.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LineFieldset, type LineLayout } from '../../../../../src/client/features/documents/components/LineFieldset';

it.each<[LineLayout, string, string]>([
  ['fit', 'Income 2', 'Remove income 2'],
  ['pairs', 'Debt 1', 'Remove debt 1'],
])('%s: "%s" with its fields and "%s"', async (layout, title, remove) => {
  const onRemove = jest.fn();
  render(
    <LineFieldset title={title} onRemove={onRemove} layout={layout}>
      <input aria-label="Amount" />
    </LineFieldset>,
  );
  const group = screen.getByRole('group', { name: title });
  expect(within(group).getByRole('textbox', { name: 'Amount' })).toBeInTheDocument();
  const button = within(group).getByRole('button', { name: remove });
  expect(button).toHaveAttribute('data-no-print');
  await userEvent.click(button);
  expect(onRemove).toHaveBeenCalledTimes(1);
});
