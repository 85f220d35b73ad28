/**
 * The paycheck's pre-tax deductions field says so under the field when they are more than the gross
 * pay (its FieldSpec `check`, through NumberField, as the worksheet editor renders it).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { WORKSHEET_SPECS, toWorksheetForm, type FieldSpec } from '../../../../../src/client/features/worksheets/specs';
import { NumberField } from '../../../../../src/client/ui/fields/Fields';
import { PAYCHECK_MESSAGES, emptyWorksheet } from '../../../../../src/common/worksheets';

const spec = WORKSHEET_SPECS.paycheck;
const field = (key: string) => spec.fields.find((f) => f.key === key) as FieldSpec & { type: 'money' };

function Paycheck() {
  return (
    <Formik initialValues={{ title: '', fields: toWorksheetForm(spec, emptyWorksheet('paycheck')) }} onSubmit={() => undefined}>
      <>
        {['grossCents', 'preTaxCents'].map((key) => {
          const f = field(key);
          return <NumberField key={key} kind={f.type} name={`fields.${key}`} label={f.label} check={f.check} />;
        })}
      </>
    </Formik>
  );
}

it('refuses pre-tax deductions above the gross pay with a message under the field', async () => {
  render(<Paycheck />);
  const gross = screen.getByRole('textbox', { name: 'Gross pay per paycheck' });
  const preTax = screen.getByRole('textbox', { name: 'Pre-tax deductions (retirement, health plan)' });
  await userEvent.type(gross, '800');
  await userEvent.type(preTax, '900');
  await userEvent.tab();
  expect(preTax).toHaveAttribute('aria-invalid', 'true');
  expect(preTax).toHaveAccessibleDescription(PAYCHECK_MESSAGES.preTaxOverGross);
  await userEvent.clear(preTax);
  await userEvent.type(preTax, '100');
  expect(preTax).not.toHaveAttribute('aria-invalid', 'true');
});
