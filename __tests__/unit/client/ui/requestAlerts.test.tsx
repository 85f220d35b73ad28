/** A request's outcome (ui/RequestAlerts.tsx): a refusal is an alert, a confirmation a status; neither, nothing. */
import { render, screen } from '@testing-library/react';
import { RequestAlerts } from '../../../../src/client/ui/RequestAlerts';

it.each([
  { name: 'nothing', error: null, message: null, alert: null, status: null },
  { name: 'a refusal', error: { status: 400, message: 'Your current password is not right.' }, message: null, alert: 'Your current password is not right.', status: null },
  { name: 'a confirmation', error: null, message: 'Your password has been changed.', alert: null, status: 'Your password has been changed.' },
  { name: 'both', error: { message: 'That code has expired.' }, message: 'Saved.', alert: 'That code has expired.', status: 'Saved.' },
])('$name', ({ error, message, alert, status }) => {
  const { container } = render(<RequestAlerts error={error} message={message} />);
  if (alert) expect(screen.getByRole('alert')).toHaveTextContent(alert);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  if (status) expect(screen.getByRole('status')).toHaveTextContent(status);
  else expect(screen.queryByRole('status')).not.toBeInTheDocument();
  if (!alert && !status) expect(container).toBeEmptyDOMElement();
});

it('shows a refusal alone when no message is given', () => {
  render(<RequestAlerts error={{ message: 'No.' }} />);
  expect(screen.getByRole('alert')).toHaveTextContent('No.');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
