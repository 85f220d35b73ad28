/** /register: access code (default, also /register/email), invitation email step, and the record steps. */
import { ComingSoon, PageFrame } from '../../../ui/PageFrame';

const RECORD_STEPS = ['Name', 'External ID', 'Terms', 'Verify', 'User Name', 'Password'] as const;
type RecordStep = (typeof RECORD_STEPS)[number];

export function RegisterCodePage() {
  return (
    <PageFrame title="Register" maxWidth={640}>
      <ComingSoon>Enter the access code your teacher gave you to start creating your account.</ComingSoon>
    </PageFrame>
  );
}

export function InvitationEmailPage() {
  return (
    <PageFrame title="Register" maxWidth={640}>
      <ComingSoon>Confirm the e-mail address your invitation was sent to.</ComingSoon>
    </PageFrame>
  );
}

function RecordStepPage({ step, text }: { step: RecordStep; text: string }) {
  return (
    <PageFrame title="Register" maxWidth={720} steps={{ labels: [...RECORD_STEPS], active: RECORD_STEPS.indexOf(step) }}>
      <ComingSoon>{text}</ComingSoon>
    </PageFrame>
  );
}

export const RecordNamePage = () => <RecordStepPage step="Name" text="Enter your first and last name." />;
export const RecordExternalIdPage = () => (
  <RecordStepPage step="External ID" text="Enter your student id, if your school uses one." />
);
export const RecordTermsPage = () => <RecordStepPage step="Terms" text="Read and accept the terms of use." />;
export const RecordVerifyPage = () => (
  <RecordStepPage step="Verify" text="We'll send a one-time code to your e-mail to check it is yours." />
);
export const RecordVerifyCodePage = () => (
  <RecordStepPage step="Verify" text="Enter the one-time code we sent to your e-mail." />
);
export const RecordUsernamePage = () => <RecordStepPage step="User Name" text="Choose the user name you will sign in with." />;
export const RecordPasswordPage = () => <RecordStepPage step="Password" text="Choose a strong password." />;
