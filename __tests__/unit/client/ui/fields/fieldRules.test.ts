/**
 * The pure rules of form fields: when an error shows (every form's rule, ui/formikField.ts), which
 * fields a "Next" covers, and what an empty required number says.
 */
import { errorDue, wasAttempted, type ErrorMoment } from '../../../../../src/client/ui/formikField';
import { numberError } from '../../../../../src/client/ui/fields/fieldRules';

describe('errorDue: an error shows after an attempt, or once the field was changed', () => {
  const at = (moment: Partial<ErrorMoment>): ErrorMoment => ({ attempted: false, changed: false, left: false, empty: false, ...moment });
  it.each<[string, Partial<ErrorMoment>, boolean]>([
    ['untouched', {}, false],
    ['tabbed past while empty, never changed', { left: true, empty: true }, false],
    ['tabbed past with a value, never changed', { left: true }, false],
    ['changed and emptied again, still in the field', { changed: true, empty: true }, true],
    ['changed, still being typed in', { changed: true }, false],
    ['changed and left', { changed: true, left: true }, true],
    ['a submit or Next covered it, never changed', { attempted: true, empty: true }, true],
    ['a submit or Next covered it, being typed in', { attempted: true, changed: true }, true],
  ])('%s', (_name, moment, expected) => {
    expect(errorDue(at(moment))).toBe(expected);
  });
});

describe('wasAttempted: a group covers its own fields, and no others', () => {
  it.each<[readonly string[], string, boolean]>([
    [[], 'name', false],
    [['name', 'month'], 'name', true],
    [['incomes'], 'incomes.0.amount', true],
    [['incomes'], 'incomesExtra', false],
    [['goals', 'debts'], 'expenses.1.amount', false],
    [['expenses'], 'expenses', true],
  ])('%j covers %s: %s', (attempted, name, expected) => {
    expect(wasAttempted(attempted, name)).toBe(expected);
  });
});

describe('numberError: empty is fine unless required, then the field names itself', () => {
  it.each<[string, Parameters<typeof numberError>, string | undefined]>([
    ['empty, optional', ['money', '  '], undefined],
    ['empty, required', ['money', '', 'Enter an amount for Rent.'], 'Enter an amount for Rent.'],
    ['empty percent, required', ['percent', '', 'Interest rate is required'], 'Interest rate is required'],
    ['a good amount, required', ['money', '1,200.50', 'Enter an amount for Rent.'], undefined],
    ['a negative amount', ['money', '-5'], 'The amount cannot be negative.'],
  ])('%s', (_name, args, expected) => {
    expect(numberError(...args)).toBe(expected);
  });
});
