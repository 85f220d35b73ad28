/**
 * Where finishing leads (common/catalogNext.ts): a finished material offers the module's next step
 * (the next material, or its review when that is what is left); a finished module congratulates the
 * learner, offers the certificate right there, and the next module; a passed review says so and
 * offers the next step even while sections are unread. Each is a status, so a screen
 * reader hears it when it appears (the learner's last "Mark complete" or passed review).
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { catalogPaths } from '../../../../common/catalog';
import { afterMaterial, afterReview, nextModule } from '../../../../common/catalogNext';
import { countOf } from '../../../../common/plural';
import { CertificateButton } from './CertificateButton';
import { useContent } from '../useContent';

function Finished({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert severity="success" role="status" sx={{ my: 2, '& .MuiAlert-message': { width: '100%' } }} data-testid="what-next">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Alert>
  );
}

/** A finished module: congratulations, the certificate, and the next module (or the transcript when all are done). */
export function ModuleFinished({ moduleSlug, moduleTitle }: { moduleSlug: string; moduleTitle: string }) {
  const catalog = useContent({ kind: 'catalog', args: [] });
  const next = catalog.data ? nextModule(catalog.data, moduleSlug) : null;
  return (
    <Finished title={`Congratulations! You completed ${moduleTitle}.`}>
      <Typography sx={{ mb: 1.5 }}>
        {catalog.data && !next ? 'You have completed every module of your catalog. ' : ''}Your certificate is ready: download it, print it or share its verification
        address.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <CertificateButton moduleSlug={moduleSlug} moduleTitle={moduleTitle} />
        {next ? (
          <Button component={RouterLink} to={next.path} variant="outlined" size="small" color="inherit">
            {next.label}
          </Button>
        ) : (
          catalog.data && (
            <Button component={RouterLink} to="/app/activity" variant="outlined" size="small" color="inherit">
              See your transcript
            </Button>
          )
        )}
      </Box>
    </Finished>
  );
}

/** Nothing until the material is finished; then its module's next step, or the module's congratulations. */
export function MaterialFinished({ moduleSlug, materialSlug }: { moduleSlug: string; materialSlug: string }) {
  const moduleView = useContent({ kind: 'module', args: [moduleSlug] });
  const after = moduleView.data ? afterMaterial(moduleView.data, materialSlug) : null;
  if (!moduleView.data || !after) return null;
  if (after.moduleCompleted) return <ModuleFinished moduleSlug={moduleSlug} moduleTitle={moduleView.data.title} />;
  const material = moduleView.data.materials.find((m) => m.slug === materialSlug);
  return (
    <Finished title={`You finished ${material?.title ?? 'this material'}.`}>
      <Typography sx={{ mb: 1.5 }}>Every section is read and the review is passed. On to the next one:</Typography>
      <Button component={RouterLink} to={after.next.path} variant="contained" size="small">
        {after.next.label}
      </Button>
    </Finished>
  );
}

/**
 * A passed review: the material's or the module's congratulations when that finished it, else "you
 * passed" with the next step — the material's first unread section, or the module page until the
 * module's progress has loaded.
 */
export function ReviewPassed({ moduleSlug, materialSlug }: { moduleSlug: string; materialSlug: string }) {
  const moduleView = useContent({ kind: 'module', args: [moduleSlug] });
  const after = moduleView.data ? afterReview(moduleView.data, materialSlug) : null;
  const material = moduleView.data?.materials.find((m) => m.slug === materialSlug);
  const unread = material?.sections.filter((s) => !s.completed).length ?? 0;
  if (after && unread === 0) return <MaterialFinished moduleSlug={moduleSlug} materialSlug={materialSlug} />;
  const next = after && !after.moduleCompleted ? after.next : { label: 'Back to the module', path: catalogPaths.module(moduleSlug) };
  return (
    <Finished title="You passed this review.">
      <Typography sx={{ mb: 1.5 }}>
        {material && unread > 0
          ? `${countOf(unread, 'section')} of ${material.title} ${unread === 1 ? 'is' : 'are'} still unread: reading ${unread === 1 ? 'it' : 'them'} finishes the material.`
          : 'On to the next step:'}
      </Typography>
      <Button component={RouterLink} to={next.path} variant="contained" size="small">
        {next.label}
      </Button>
    </Finished>
  );
}
