import { isValidEmail, isValidPhone, maxLengthMessage, minLengthMessage, supportSchema } from '../../../src/common/validation';
import { MESSAGES } from '../../../src/common/messages';

describe('validation helpers (SPEC §5)', () => {
  it.each([
    ['lena@example.edu', true],
    ['a@b.co', false], // 6 characters: not more than 6
    ['ab@c.co', true],
    ['lena.example.edu', false],
    ['lena@example', false],
    ['le na@example.edu', false],
    ['@example.edu', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('[S5.13] e-mail %p → valid %p', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });

  it.each([
    ['', true],
    [null, true],
    [undefined, true],
    ['3125551234', true],
    ['312-555-1234', true],
    ['312.555.1234', true],
    ['(312) 555-1234', true],
    ['312 555 1234', true],
    ['555-1234', false],
    ['31255512345', false],
    ['312-555-123a', false],
  ])('[S5.14] phone %p → valid %p', (value, expected) => {
    expect(isValidPhone(value)).toBe(expected);
  });

  it.each([
    [2, 'This field should be at least 2 characters long'],
    [10, 'This field should be at least 10 characters long'],
  ])('[S5.15] minLength(%p)', (n, text) => {
    expect(minLengthMessage(n)).toBe(text);
  });

  it.each([
    [100, 'The maximum length allowed is 100'],
    [2000, 'The maximum length allowed is 2000'],
  ])('[S5.15] maxLength(%p)', (n, text) => {
    expect(maxLengthMessage(n)).toBe(text);
  });
});

describe('support form schema (SPEC §5)', () => {
  const valid = { name: 'Lena', email: 'lena@example.edu', subject: 'Help', description: 'Please help' };
  const errorsOf = (values: object) => {
    try {
      supportSchema.validateSync(values, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };

  it('a complete form is valid', () => {
    expect(errorsOf(valid)).toEqual([]);
  });

  it.each([
    ['name', '', MESSAGES.valueRequired],
    ['name', 'L', MESSAGES.nameMin],
    ['name', 'x'.repeat(100), MESSAGES.nameMax],
    ['email', 'x@y', MESSAGES.emailInvalid],
    ['email', `${'x'.repeat(95)}@a.edu`, MESSAGES.emailMax],
    ['subject', 'x'.repeat(201), MESSAGES.subjectMax],
    ['description', 'x'.repeat(2001), MESSAGES.descriptionMax],
  ])('%s %p → %p', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toContain(message);
  });

  it('[S9.04] boundaries: name 99, subject 200, description 2000 are accepted', () => {
    expect(errorsOf({ ...valid, name: 'x'.repeat(99), subject: 'x'.repeat(200), description: 'x'.repeat(2000) })).toEqual([]);
  });
});
