/**
 * Form fields hold what the learner typed (strings); these pure rules turn them into the document's
 * numbers (integer cents, basis points, thousandths) and give the per-field error to show.
 * Empty is allowed while drafting (it saves as null) unless the field is required.
 */
import { parseMoney, parsePercent } from '../../../common/money';
import { parseQuantity, parseYears } from '../../../common/worksheets';

export type NumberKind = 'money' | 'percent' | 'quantity' | 'years';

/** The number typed, or null when empty or not (yet) valid. */
export function toNumber(kind: NumberKind, text: string): number | null {
  if (text.trim() === '') return null;
  switch (kind) {
    case 'money': {
      const parsed = parseMoney(text);
      return parsed.ok ? parsed.cents : null;
    }
    case 'percent': {
      const parsed = parsePercent(text);
      return parsed.ok ? parsed.basisPoints : null;
    }
    case 'quantity': {
      const parsed = parseQuantity(text);
      return parsed.ok ? parsed.thousandths : null;
    }
    case 'years': {
      const parsed = parseYears(text);
      return parsed.ok ? parsed.value : null;
    }
  }
}

/**
 * The message to show for what was typed, or undefined when it is acceptable. `required` is the
 * message for an empty field that must be filled, naming the field ("Enter an amount for Rent.");
 * without it, empty is acceptable.
 */
export function numberError(kind: NumberKind, text: string, required?: string): string | undefined {
  if (text.trim() === '') return required;
  switch (kind) {
    case 'money': {
      const parsed = parseMoney(text);
      return parsed.ok ? undefined : parsed.error;
    }
    case 'percent': {
      const parsed = parsePercent(text);
      return parsed.ok ? undefined : parsed.error;
    }
    case 'quantity': {
      const parsed = parseQuantity(text);
      return parsed.ok ? undefined : parsed.error;
    }
    case 'years': {
      const parsed = parseYears(text);
      return parsed.ok ? undefined : parsed.error;
    }
  }
}
