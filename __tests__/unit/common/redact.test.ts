import { looksLikeToken, redactEmails, redactText, redactTokens, redactUrl } from '../../../src/common/redact';

describe('redactUrl', () => {
  it.each([
    ['/password/reset/Xk3_9aQ-ZZ0pLmN8rT2vW4yB6cD1eF5gH7jK9mN0pQ2', '/password/reset/[redacted]'],
    ['/password/reset/short', '/password/reset/[redacted]'],
    ['https://cashwise.example/password/reset/abc?x=1', 'https://cashwise.example/password/reset/[redacted]?x=1'],
    ['/certificates/ABCD-EFGH-JK23', '/certificates/[redacted]'],
    ['/register/4?token=Zq8xW2vB7nK4pLm9', '/register/4?token=[redacted]'],
    ['/register/4/record/9/verify/12?code=482913&key=kR7m%2BN2p', '/register/4/record/9/verify/12?code=[redacted]&key=[redacted]'],
    ['/api/page?path=/app/catalog&access_token=abc', '/api/page?path=/app/catalog&access_token=[redacted]'],
    ['/anything?value=kR7mN2pQ9sT4vW6xY8zA1bC3', '/anything?value=[redacted]'],
    ['/x/kR7mN2pQ9sT4vW6xY8zA1bC3dE5fG7hJ/y', '/x/[redacted]/y'],
    ['/app/catalog/budgeting/material/first-budget/section/track-your-spending', '/app/catalog/budgeting/material/first-budget/section/track-your-spending'],
    ['/app/support/recordings/00000000-0000-4000-8000-000000000001', '/app/support/recordings/00000000-0000-4000-8000-000000000001'],
    ['/app/resources/knowledge-base?q=credit+card+debt', '/app/resources/knowledge-base?q=credit+card+debt'],
    ['/app#access=secret', '/app#[redacted]'],
    ['/', '/'],
    ['', ''],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('looksLikeToken', () => {
  it.each([
    ['kR7mN2pQ9sT4vW6xY8zA1bC3', true],
    ['0123456789abcdef0123456789abcdef', true],
    ['track-your-spending-and-saving', false],
    ['00000000-0000-4000-8000-000000000001', false],
    ['short1', false],
  ])('%s → %s', (value, expected) => {
    expect(looksLikeToken(value)).toBe(expected);
  });
});

it('redactText redacts every address in free text, such as an error message', () => {
  expect(redactText("'/password/reset/abc%' is not a valid url component")).toBe("'/password/reset/[redacted]' is not a valid url component");
  expect(redactText('GET https://x.example/register/4?token=abc failed at /srv/app.js:10:5')).toBe('GET https://x.example/register/4?token=[redacted] failed at /srv/app.js:10:5');
});

it('redactText with dropQuery keeps only the redacted path of each address', () => {
  expect(redactText('GET https://x.example/register/4?name=Ana&token=abc#top failed at /app/x?q=1', { dropQuery: true })).toBe('GET https://x.example/register/4 failed at /app/x');
});

it.each([
  ['No account for ana.lopez@students.lincoln.edu.', 'No account for [redacted]'],
  ['(sam+test@example.org) and "pat@x.io"', '([redacted]) and "[redacted]"'],
  ['Budget @ 5% is not an address', 'Budget @ 5% is not an address'],
])('redactEmails(%p)', (text, expected) => {
  expect(redactEmails(text)).toBe(expected);
});

it.each([
  ['Bad token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl99 here', 'Bad token [redacted] here'],
  ['Module track-your-spending-and-saving-money is locked', 'Module track-your-spending-and-saving-money is locked'],
  ['Budget 550e8400-e29b-41d4-a716-446655440000 not found', 'Budget 550e8400-e29b-41d4-a716-446655440000 not found'],
])('redactTokens(%p)', (text, expected) => {
  expect(redactTokens(text)).toBe(expected);
});
