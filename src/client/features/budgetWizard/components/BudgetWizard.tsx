/**
 * The multi-step budget wizard (formik). The step is in the address (?step=), so a reload resumes on
 * the same step; the form reports each change as a draft that the saga auto-saves; every step change
 * saves at once. Steps can be revisited by the stepper; "Next" checks only the current step.
 *
 * A finished budget opens on its review (an address without ?step=), with every step marked done
 * and reachable from the stepper; "Finish budget" leaves the learner on that review, now finished,
 * with the way back to the list in its place. What the page says about the budget (finished or not)
 * and about saving (saving, saved, not saved) are two separate lines that never contradict.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { Form, Formik, useFormikContext } from 'formik';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { emptyBudget } from '../../../../common/budget';
import { monthOf } from '../../../../common/calendarDay';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { useDocumentEditor, DraftReporter, DocumentOpenFailed, DocumentOpening, SaveStatus } from '../../documents';
import { PrintStyles } from '../../../ui/PrintStyles';
import { markAttempted } from '../../../ui/formikField';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import {
  REVIEW_STEP,
  STEPS,
  STEP_FIELDS,
  firstStepWithErrors,
  isComplete,
  stepErrors,
  toBudgetData,
  toFormValues,
  validateBudgetForm,
  type BudgetFormValues,
} from '../form';
import { selectTimeZone } from '../../auth';
import { BUDGET_WIZARD_PATH, budgetDraftChanged, budgetDraftSaveRequested, budgetOpened, budgets } from '../slice';
import { BasicsStep, ExpensesStep, IncomeStep, SavingsStep } from './BudgetSteps';
import { ReviewStep } from './ReviewStep';

const RESOURCES: Crumb = { label: 'Resources', to: '/app/resources' };
/** The "Finished" status: focus goes to it on Finish. */
const FINISHED_ID = 'budget-finished';
const WIZARD: Crumb = { label: 'Budget Wizard', to: BUDGET_WIZARD_PATH };

/** The fields of the steps before `upTo`: those a "Next" to `upTo` tries to move on with. */
const fieldsBefore = (upTo: number): string[] => STEP_FIELDS.slice(0, upTo).flat();

const focusFirstError = () =>
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });

type GoTo = (step: number, options?: { replace?: boolean }) => void;

function WizardBody({ step, goTo, finishedRef, finished }: { step: number; goTo: GoTo; finishedRef: React.RefObject<boolean>; finished: boolean }) {
  const dispatch = useAppDispatch();
  const formik = useFormikContext<BudgetFormValues>();
  const { values, validateForm } = formik;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current !== step) headingRef.current?.focus();
    previous.current = step;
  }, [step]);

  // An address may name a later step than the budget is ready for (a typed or bookmarked ?step=4 of
  // an empty budget): show the first step that still needs something, with its errors, as Next would.
  useEffect(() => {
    const blocking = firstStepWithErrors(validateBudgetForm(values), step);
    if (blocking === null || blocking >= step) return;
    void validateForm();
    markAttempted(formik, fieldsBefore(step));
    goTo(blocking, { replace: true });
    focusFirstError();
    // the address's step only: a keystroke on a step must not move the learner
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  async function move(target: number) {
    if (target > step) {
      await validateForm();
      const blocking = firstStepWithErrors(validateBudgetForm(values), target);
      if (blocking !== null) {
        // the errors of what the student tried to move on with show now, not those of later steps
        markAttempted(formik, fieldsBefore(target));
        if (blocking !== step) goTo(blocking);
        focusFirstError();
        return;
      }
    }
    goTo(target);
  }

  async function finish() {
    await validateForm();
    const blocking = firstStepWithErrors(validateBudgetForm(values));
    if (blocking !== null) {
      markAttempted(formik, fieldsBefore(REVIEW_STEP));
      goTo(blocking);
      focusFirstError();
      return;
    }
    finishedRef.current = true;
    dispatch(budgetDraftChanged({ draft: { status: 'complete', data: toBudgetData(values) } }));
    dispatch(budgetDraftSaveRequested());
    // the review stays, now finished: the learner is taken to the top, where the page says so
    requestAnimationFrame(() => document.getElementById(FINISHED_ID)?.focus());
  }

  const stepHasErrors = (i: number) => Object.keys(stepErrors(validateBudgetForm(values), i)).length > 0;

  return (
    <>
      <Box component="nav" aria-label="Budget steps" data-no-print>
      <Stepper nonLinear activeStep={step} sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {STEPS.map((label, i) => (
          // a finished budget has every step done: each one is marked so, to be opened directly
          <Step key={label} completed={(finished || i < step) && !stepHasErrors(i)}>
            <StepButton onClick={() => void move(i)} aria-current={i === step ? 'step' : undefined}>
              {label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      </Box>
      <Box component="section" aria-labelledby="step-heading">
        <Typography id="step-heading" ref={headingRef} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, outline: 'none' }} data-no-print>
          Step {step + 1} of {STEPS.length}: {STEPS[step]}
        </Typography>
        {step === 0 && <BasicsStep />}
        {step === 1 && <IncomeStep />}
        {step === 2 && <ExpensesStep />}
        {step === 3 && <SavingsStep />}
        {step === REVIEW_STEP && <ReviewStep data={toBudgetData(values)} />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }} data-no-print>
        {step > 0 && (
          <Button variant="outlined" onClick={() => void move(step - 1)}>
            Back
          </Button>
        )}
        {step < REVIEW_STEP ? (
          <Button variant="contained" onClick={() => void move(step + 1)}>
            Next
          </Button>
        ) : finished ? (
          <Button component={RouterLink} to={BUDGET_WIZARD_PATH} variant="contained">
            Back to My budgets
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void finish()}>
            Finish budget
          </Button>
        )}
      </Box>
    </>
  );
}

export function BudgetWizard({ id }: { id: number | null }) {
  const dispatch = useAppDispatch();
  const { current, pendingDraft, phase, requestSave, reportDraft, saveStatus } = useDocumentEditor(budgets, { id, noun: 'budget' });
  const [params, setParams] = useSearchParams();
  const finishedRef = useRef(false);

  const timeZone = useAppSelector(selectTimeZone);
  // when the page opened: a new budget's month
  const [openedAt] = useState(() => Date.now());
  // The form starts from the newest thing we have: an unsaved draft (typed while the first save was
  // on its way) or the saved record; a new budget plans this month (the learner's), which they may
  // change. Recomputed only when the record is (re)loaded.
  const initialValues = useMemo(
    () => toFormValues(pendingDraft?.data ?? current.record?.data ?? { ...emptyBudget(), month: monthOf(openedAt, timeZone) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current.loadCount, current.status],
  );
  const recordStatus = current.record?.status;
  // finished or not as the learner last left it: the draft on its way, else the saved budget
  const finished = (pendingDraft?.status ?? recordStatus) === 'complete';
  // A finished budget's bare address opens its review; ?step= still opens any step.
  const stepParam = params.get('step');
  const step = stepParam === null && recordStatus === 'complete' ? REVIEW_STEP : Math.min(REVIEW_STEP, Math.max(0, Number.parseInt(stepParam ?? '0', 10) || 0));
  // Read through a ref so reportValues stays the same function when the saved status changes: a new
  // one would make DraftReporter report the same values again, a needless save that showed "Changes
  // not saved yet" under the just-finished budget.
  const recordStatusRef = useRef(recordStatus);
  useEffect(() => {
    recordStatusRef.current = recordStatus;
  }, [recordStatus]);
  // each change of the form is the draft to save: complete once finished, while it stays complete
  const reportValues = useCallback(
    (values: BudgetFormValues) =>
      reportDraft({ status: (finishedRef.current || recordStatusRef.current === 'complete') && isComplete(values) ? 'complete' : 'draft', data: toBudgetData(values) }),
    [reportDraft],
  );

  const title = id === null ? 'Create Budget' : 'Edit Budget';
  // the budget's own name (as saved), as the list shows it
  const savedName = current.record?.id === id ? current.record.data.name.trim() : '';
  const crumbs = [RESOURCES, WIZARD, id === null ? { label: 'Create' } : { label: savedName || `Budget ${id}`, private: savedName !== '' }];

  if (phase === 'notFound') return <NotFoundPage />;
  if (phase === 'opening') return <DocumentOpening title={title} crumbs={crumbs} />;
  if (phase === 'failed') {
    return <DocumentOpenFailed title={title} crumbs={crumbs} noun="budget" error={current.error} onRetry={() => id !== null && dispatch(budgetOpened({ id }))} />;
  }

  const goTo: GoTo = (target, options) => {
    // Until the first save gives the budget its own address, the create page stays one entry of the
    // browser's history: Back must not lead to an empty create page (a second, duplicate budget).
    setParams({ step: String(target) }, { replace: options?.replace === true || id === null });
    requestSave();
  };

  return (
    <PageFrame title={title} crumbs={crumbs}>
      <PrintStyles />
      {finished && (
        // a status, not an alert: read out when it appears (Finish), quietly there when a finished
        // budget is opened. Whether it is saved is the save status's to say, just below.
        <Alert id={FINISHED_ID} tabIndex={-1} severity="success" role="status" sx={{ mb: 2 }} data-no-print>
          <AlertTitle>Finished</AlertTitle>
          This budget is finished. You can still open any step to change it; changes are saved as you type.{' '}
          <Link component={RouterLink} to={BUDGET_WIZARD_PATH}>
            Back to My budgets
          </Link>
        </Alert>
      )}
      <SaveStatus {...saveStatus} />
      <Formik key={current.loadCount} initialValues={initialValues} validate={validateBudgetForm} onSubmit={() => undefined} validateOnBlur validateOnChange>
        <Form noValidate aria-label="Budget">
          <DraftReporter onChange={reportValues} />
          <WizardBody step={step} goTo={goTo} finishedRef={finishedRef} finished={finished} />
        </Form>
      </Formik>
    </PageFrame>
  );
}
