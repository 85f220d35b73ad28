/** "How often" as a select's options (a budget's pay and income, a worksheet's paycheck): Weekly … Annually. */
import { FREQUENCIES, FREQUENCY_LABELS } from '../../../common/budget';

export const FREQUENCY_OPTIONS = FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));
