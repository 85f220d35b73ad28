/**
 * The lesson calculators as a student uses them: labelled fields, the result announced in a polite
 * status region as values are typed, and a message naming the field when what was typed is unusable.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Calculator } from '../../../../../src/client/features/lessonTools/calculators';
import { Diagram } from '../../../../../src/client/features/lessonTools/diagrams';
import { RATE_MESSAGES } from '../../../../../src/common/money';

const status = () => screen.getByRole('status');

it('the loan calculator: $20,000 at 7% for 60 months is announced as $396.02 a month', async () => {
  render(<Calculator kind="loan-payment" />);
  expect(screen.getByRole('region', { name: 'Loan and car payment calculator' })).toBeInTheDocument();
  const amount = screen.getByRole('textbox', { name: /Amount borrowed/ });
  await userEvent.clear(amount);
  await userEvent.type(amount, '20,000');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Loan length' }), '60');
  expect(status()).toHaveAttribute('aria-live', 'polite');
  expect(status()).toHaveTextContent('You pay $396.02 a month for 60 months: $23,761.20 in all, $3,761.20 of it interest.');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Loan length' }), '36');
  expect(status()).toHaveTextContent('a month for 36 months');
});

it('the compound interest calculator: $10,000 at 6% monthly for 5 years is $13,488.50', async () => {
  render(<Calculator kind="compound-interest" />);
  const type = async (name: RegExp, text: string) => {
    const box = screen.getByRole('textbox', { name });
    await userEvent.clear(box);
    await userEvent.type(box, text);
  };
  await type(/Starting amount/, '10000');
  await type(/Deposit each month/, '0');
  await type(/Yearly interest rate/, '6');
  await type(/Years/, '5');
  expect(status()).toHaveTextContent('After 5 years you would have $13,488.50: $10,000.00 you put in and $3,488.50 of interest.');
});

it('a bad value names the field under it and in the result, and the result comes back when fixed', async () => {
  render(<Calculator kind="apr-apy" />);
  expect(status()).toHaveTextContent('An APR of 5% with interest added every month is an APY of 5.116%.');
  const rate = screen.getByRole('textbox', { name: /Rate/ });
  await userEvent.clear(rate);
  await userEvent.type(rate, 'abc');
  await userEvent.tab();
  expect(rate).toHaveAttribute('aria-invalid', 'true');
  expect(rate).toHaveAccessibleDescription(RATE_MESSAGES.invalid);
  expect(status()).toHaveTextContent('Fix Rate to see the result.');
  await userEvent.clear(rate);
  await userEvent.tab();
  expect(rate).toHaveAccessibleDescription('Rate is required');
  await userEvent.type(rate, '5');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Convert' }), 'apy');
  expect(status()).toHaveTextContent('An APY of 5% with interest added every month is an APR of 4.889%.');
});

it('the paycheck calculator labels the federal figure as an estimate', async () => {
  render(<Calculator kind="paycheck" />);
  const gross = screen.getByRole('textbox', { name: /Gross pay per paycheck/ });
  await userEvent.clear(gross);
  await userEvent.type(gross, '1200');
  expect(status()).toHaveTextContent('From $1,200.00 gross you take home about $1,012.05.');
  expect(within(status()).getByText('Federal income tax (estimate)')).toBeInTheDocument();
});

it('a diagram is an image named by its title and described by its numbers, with a text description', () => {
  render(<Diagram kind="credit-score-factors" />);
  const image = screen.getByRole('img', { name: 'What makes up a FICO credit score' });
  expect(image).toHaveAccessibleDescription(expect.stringContaining('Payment history 35%, Amounts owed 30%, Length of credit history 15%, New credit 10%, Credit mix 10%'));
  expect(screen.getByText('Text description')).toBeInTheDocument();
});
