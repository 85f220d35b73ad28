/**
 * The sign-in page's field renders what MUI's outlined `<TextField required fullWidth>` renders —
 * the same elements, attributes, classes and ids — in every state the page puts it in, so leaving
 * TextField (and the Select it imports) out of /login's download changes nothing on the page.
 * Emotion's generated `css-…` class names are left out of the comparison: they hash the styles,
 * which are the same (TextField's root adds none).
 */
import TextField from '@mui/material/TextField';
import { renderToStaticMarkup } from 'react-dom/server';
import { LoginField, type LoginFieldProps } from '../../../../../../src/client/features/auth/pages/LoginField';

const markup = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/ ?css-[a-z0-9]+(-[A-Za-z-]+)?/g, '');

const noop = () => undefined;
const cases: [string, Omit<LoginFieldProps, 'onChange'>][] = [
  ['empty user name', { id: 'username', name: 'username', label: 'User name', autoComplete: 'username', value: '', error: false, helperText: ' ' }],
  ['a typed user name', { id: 'username', name: 'username', label: 'User name', autoComplete: 'username', value: 'maya', error: false, helperText: ' ' }],
  ['password with its error', { id: 'password', name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password', value: '', error: true, helperText: 'Please enter your password' }],
  ['the prerendered copy, read-only', { id: 'username', name: 'username', label: 'User name', autoComplete: 'username', value: '', error: false, helperText: ' ', readOnly: true }],
];

it.each(cases)('%s: the markup of TextField', (_name, props) => {
  const { readOnly, helperText, ...rest } = props;
  const field = markup(<LoginField {...props} onChange={noop} />);
  const textField = markup(
    <TextField {...rest} onChange={noop} helperText={helperText} required fullWidth slotProps={readOnly ? { htmlInput: { readOnly: true } } : undefined} />,
  );
  expect(field).toBe(textField);
  expect(field).toContain(`for="${props.id}"`);
});
