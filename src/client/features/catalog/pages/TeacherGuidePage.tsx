/**
 * /app/catalog/:slug/guide: a module's teacher guide, for teachers and school administrators (the
 * route's workspace is the classroom's; the server refuses anyone else too): objectives, standards,
 * pacing, discussion prompts, the activity, the answer key of its reviews and tests, and the
 * student packet (PDF). A chunk of its own: students never download it.
 */
import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { catalogPaths } from '../../../../common/catalog';
import type { AnswerKeyQuestion, TeacherGuide } from '../../../../common/teacherGuide';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../ui/PageFrame';
import { catalogArea } from '../area';
import { Loadable } from '../components/Loadable';
import { saveFile } from '../components/saveFile';
import { useContent } from '../useContent';
import { selectPacket } from '../selectors';
import { packetDelivered, packetRequested } from '../slice';

registerArea(catalogArea);

const TYPE_LABELS: Record<string, string> = {
  'multiple-choice': 'Single choice',
  'multiple-select': 'Select all that apply',
  numeric: 'Number',
  'true-false': 'True or false',
};

/** "Download the student packet": the saga asks the server for the PDF, this hands it to the browser. */
function PacketButton({ slug }: { slug: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectPacket(slug));
  useEffect(() => {
    if (state?.status === 'succeeded' && state.file) {
      saveFile(state.file.pdfBase64, state.file.fileName);
      dispatch(packetDelivered({ moduleSlug: slug }));
    }
  }, [state, dispatch, slug]);
  return (
    <Button
      variant="contained"
      disabled={state?.status === 'pending'}
      onClick={() => dispatch(packetRequested({ moduleSlug: slug }))}
    >
      {state?.status === 'pending' ? 'Preparing the packet…' : 'Download the student packet (PDF)'}
    </Button>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function KeyQuestion({ q }: { q: AnswerKeyQuestion }) {
  return (
    <Box component="li" sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>{q.prompt}</Typography>
      <Typography variant="body2" color="text.secondary">
        {TYPE_LABELS[q.type] ?? q.type}
        {q.section ? ` · tests “${q.section.title}”` : ''}
      </Typography>
      {q.choices && (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {q.choices.map((c) => (
            <li key={c.text}>{c.right ? <strong>{c.text} (right)</strong> : c.text}</li>
          ))}
        </Box>
      )}
      <Typography variant="body2">
        <strong>Answer:</strong> {q.answer}
      </Typography>
      <Typography variant="body2">
        <strong>Why:</strong> {q.explanation}
      </Typography>
    </Box>
  );
}

function AnswerKey({ slug }: { slug: string }) {
  const read = { kind: 'answerKey', args: [slug] } as const;
  const view = useContent(read);
  return (
    <Part id="guide-answer-key" title="Answer key">
      <Loadable view={view} read={read}>
        {(key) => (
          <>
            <Typography sx={{ mb: 2 }}>{key.tests.description}</Typography>
            {key.reviews.map((review) => (
              <Box component="section" key={review.materialSlug} aria-labelledby={`key-${review.materialSlug}`} sx={{ mb: 3 }}>
                <Typography id={`key-${review.materialSlug}`} variant="h6" component="h3">
                  {review.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {review.questions.length} questions in the bank{review.draw ? `; each attempt shows ${review.draw}, drawn at random` : '; each attempt shows them all'}
                </Typography>
                <Box component="ol" sx={{ pl: 3 }} aria-label={`Answers: ${review.title}`}>
                  {review.questions.map((q) => (
                    <KeyQuestion key={q.number} q={q} />
                  ))}
                </Box>
              </Box>
            ))}
          </>
        )}
      </Loadable>
    </Part>
  );
}

function Guide({ guide }: { guide: TeacherGuide }) {
  const { pacing, activity } = guide;
  return (
    <PageFrame
      title={`Teacher Guide: ${guide.moduleTitle}`}
      namesTab
      crumbs={[{ label: 'Catalog', to: catalogPaths.catalog() }, { label: guide.moduleTitle, to: catalogPaths.module(guide.moduleSlug) }, { label: 'Teacher Guide' }]}
    >
      <Typography sx={{ mb: 2 }}>{guide.summary}</Typography>
      <Box sx={{ mb: 4, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <PacketButton slug={guide.moduleSlug} />
        <Typography variant="body2">Every section’s reading{guide.worksheets.length > 0 ? ' and blank worksheets' : ''}, ready to print.</Typography>
      </Box>
      <Part id="guide-objectives" title="Learning objectives">
        <Box component="ul" sx={{ pl: 3 }}>
          {guide.objectives.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </Box>
      </Part>
      <Part id="guide-standards" title="Standards">
        {guide.standards.length === 0 ? (
          <Typography>No section of this module names a standard yet.</Typography>
        ) : (
          <Box component="ul" sx={{ pl: 3 }}>
            {guide.standards.map((s) => (
              <li key={s.id}>
                <strong>{s.id}</strong> {s.text}
                {s.sections.length > 0 && <Typography variant="body2" color="text.secondary">Taught in: {s.sections.join(', ')}</Typography>}
              </li>
            ))}
          </Box>
        )}
      </Part>
      <Part id="guide-pacing" title="Pacing">
        <Typography sx={{ mb: 1 }}>
          About {pacing.totalMinutes} minutes in all: {pacing.periods} class period{pacing.periods === 1 ? '' : 's'} of {pacing.periodMinutes} minutes.
        </Typography>
        <Box component="ul" sx={{ pl: 3 }}>
          {pacing.parts.map((p) => (
            <li key={p.label}>
              <strong>{p.label}</strong>: {p.minutes} min ({p.detail})
            </li>
          ))}
        </Box>
        {pacing.notes && <Typography>{pacing.notes}</Typography>}
      </Part>
      <Part id="guide-discussion" title="Discussion prompts">
        {guide.written ? (
          <Box component="ol" sx={{ pl: 3 }}>
            {guide.discussionPrompts.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
        ) : (
          <Alert severity="info">No discussion prompts or classroom activity are written for this module yet.</Alert>
        )}
      </Part>
      {activity && (
        <Part id="guide-activity" title={`Classroom activity: ${activity.title}`}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography sx={{ mb: 1 }}>About {activity.minutes} minutes.</Typography>
            {activity.materials.length > 0 && (
              <>
                <Typography variant="h6" component="h3">
                  What you need
                </Typography>
                <Box component="ul" sx={{ pl: 3 }}>
                  {activity.materials.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </Box>
              </>
            )}
            <Typography variant="h6" component="h3">
              Steps
            </Typography>
            <Box component="ol" sx={{ pl: 3, mb: 0 }}>
              {activity.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </Box>
          </Paper>
        </Part>
      )}
      <AnswerKey slug={guide.moduleSlug} />
    </PageFrame>
  );
}

export function TeacherGuidePage() {
  const { slug = '' } = useParams();
  const read = { kind: 'guide', args: [slug] } as const;
  const view = useContent(read);
  return (
    <Loadable view={view} read={read}>
      {(guide) => <Guide guide={guide} />}
    </Loadable>
  );
}
