/** Counted nouns in messages: singular for one, plural otherwise — never "minute(s)". */
import { ACCOUNT_MESSAGES } from '../../../src/common/accounts';
import { API_MESSAGES } from '../../../src/common/apiMessages';
import { countOf, minutesToWait, unitFor, yearsAndMonths } from '../../../src/common/plural';
import { SUPPORT_API_MESSAGES } from '../../../src/server/services/support/tickets';

describe('countOf', () => {
  it.each([
    [0, 'minute', '0 minutes'],
    [1, 'minute', '1 minute'],
    [2, 'minute', '2 minutes'],
    [60, 'minute', '60 minutes'],
    [1, 'second', '1 second'],
    [45, 'second', '45 seconds'],
  ])('countOf(%p, %p) is %p', (count, noun, expected) => {
    expect(countOf(count, noun)).toBe(expected);
  });
});

describe('minutesToWait (seconds, rounded up to whole minutes, at least one)', () => {
  it.each([
    [0, '1 minute'],
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [3600, '60 minutes'],
  ])('%p s → %p', (seconds, expected) => {
    expect(minutesToWait(seconds)).toBe(expected);
  });
});

describe('the messages that count minutes or seconds', () => {
  it.each([
    [ACCOUNT_MESSAGES.tooManyRequests(3600), 'Too many attempts. Please try again in 60 minutes.'],
    [ACCOUNT_MESSAGES.tooManyRequests(30), 'Too many attempts. Please try again in 1 minute.'],
    [API_MESSAGES.throttled(60), 'Too many failed sign-in attempts. Please try again in 1 minute.'],
    [API_MESSAGES.throttled(900), 'Too many failed sign-in attempts. Please try again in 15 minutes.'],
    [SUPPORT_API_MESSAGES.tooMany(3600), 'Too many support requests from this network. Please try again in 60 minutes.'],
    [SUPPORT_API_MESSAGES.tooMany(59), 'Too many support requests from this network. Please try again in 1 minute.'],
    [ACCOUNT_MESSAGES.verificationCooldown(1), 'Please wait 1 second before sending another code.'],
    [ACCOUNT_MESSAGES.verificationCooldown(42), 'Please wait 42 seconds before sending another code.'],
  ])('%p', (message, expected) => {
    expect(message).toBe(expected);
    expect(message).not.toMatch(/\(s\)/);
  });
});

describe('yearsAndMonths: a number of months as people say it', () => {
  it.each([
    [0, '0 months'],
    [1, '1 month'],
    [5, '5 months'],
    [11, '11 months'],
    [12, '1 year'],
    [13, '1 year, 1 month'],
    [17, '1 year, 5 months'],
    [24, '2 years'],
    [25, '2 years, 1 month'],
    [38, '3 years, 2 months'],
    [600, '50 years'],
  ])('%p months → %p', (months, expected) => {
    expect(yearsAndMonths(months)).toBe(expected);
  });
});

describe('unitFor: a numeric answer’s unit (written plural in content) agrees with its number', () => {
  it.each([
    [1, 'dollars', 'dollar'],
    [2, 'dollars', 'dollars'],
    [0, 'dollars', 'dollars'],
    [1.5, 'dollars', 'dollars'],
    [-1, 'dollars', 'dollar'],
    [1, 'dollars per hour', 'dollar per hour'],
    [40, 'dollars per hour', 'dollars per hour'],
    [1, 'percent', 'percent'],
    [12, 'percent', 'percent'],
    [1, 'months', 'month'],
    [1, 'years', 'year'],
    [1, 'weeks', 'week'],
    [1, 'days', 'day'],
    [1, 'hours', 'hour'],
    [1, 'minutes', 'minute'],
    [1, 'bureaus', 'bureau'],
    [1, 'pennies', 'penny'],
    [1, 'glass', 'glass'],
  ])('%p %p → %p', (count, unit, expected) => {
    expect(unitFor(count, unit)).toBe(expected);
  });
});
