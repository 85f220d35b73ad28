/**
 * The step indicator under a page's title (PageFrame's `steps`), in a module of its own: MUI's
 * Stepper brings StepButton and a roving tab index, which only the registration pages need, not
 * every page that has a frame (docs/performance.md, "Bundle").
 */
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

export function StepIndicator({ labels, active }: { labels: string[]; active: number }) {
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ my: 2 }} aria-label="Steps">
      {labels.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
