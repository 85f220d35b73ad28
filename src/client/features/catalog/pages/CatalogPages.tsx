/** /app/catalog: module list, module home, material (section / review) and section pages. */
import { useEffect, useRef, useState } from 'react';
import { AssignedNotice, selectCanTeach } from '../../classroom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { prefersReducedMotion } from '../../../app/ScrollToTop';
import {
  STATUS_LABELS,
  catalogPaths,
  isPassing,
  type CatalogModuleCard,
  type ModuleTestStatus,
  type ReviewAnswer,
  type ReviewResult,
} from '../../../../common/catalog';
import { guidePath } from '../../../../common/teacherGuide';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import { BookmarkButton } from '../components/BookmarkButton';
import { ContentHtml } from '../components/ContentHtml';
import { QuestionField, isAnswered } from '../components/QuestionField';
import { ModuleTestPage } from './ModuleTestPage';
import { QuestionOutcome } from '../components/ReviewResults';
import { Loadable } from '../components/Loadable';
import { ProgressBar } from '../components/ProgressBar';
import { useContent } from '../useContent';
import { MaterialFinished, ModuleFinished, ReviewPassed } from '../components/WhatNext';
import { AttemptLine, OutOfAttempts } from '../components/ReviewAttempts';
import { selectAttempt, selectChange } from '../selectors';
import { reviewRetaken, reviewSubmitted, sectionChangeKey, sectionMarkedComplete } from '../slice';
import { useReadingTime } from '../useReadingTime';
import { registerArea } from '../../../app/areas';
import { catalogArea } from '../area';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(catalogArea);

const HOME: Crumb = { label: 'Home', to: '/app' };
const CATALOG: Crumb = { label: 'Catalog', to: '/app/catalog' };

/**
 * A module card's one action, named for what it does: Start (the module's home, where it begins),
 * Continue (where the student left off) or Review (a finished module's home).
 */
export function ModuleAction({ module: m }: { module: CatalogModuleCard }) {
  const [label, to, variant] =
    m.progress.status === 'completed'
      ? (['Review', catalogPaths.module(m.slug), 'outlined'] as const)
      : m.progress.status === 'in-progress'
        ? (['Continue', m.continuePath, 'contained'] as const)
        : (['Start', m.continuePath, 'contained'] as const);
  return (
    <Button component={RouterLink} to={to} variant={variant} aria-label={`${label} ${m.title}`}>
      {label}
    </Button>
  );
}

export function ModuleListPage() {
  const read = { kind: 'catalog', args: [] } as const;
  const view = useContent(read);
  return (
    <PageFrame title="Catalog" crumbs={[HOME, { label: 'Catalog' }]}>
      <Loadable view={view} read={read}>
        {(modules) =>
          modules.length === 0 ? (
            <Alert severity="info">Your school has no modules in its catalog yet.</Alert>
          ) : (
            <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Modules">
              {modules.map((m) => (
                <Grid key={m.slug} size={{ xs: 12, sm: 6 }} component="li">
                  <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                    <CardContent sx={{ flexGrow: 1 }}>
                      <Typography variant="overline" component="p">
                        Module {m.order} · about {m.estimatedMinutes} min
                      </Typography>
                      <Typography variant="h6" component="h2">
                        {m.title}
                      </Typography>
                      <Typography variant="body2" sx={{ my: 1 }}>
                        {m.summary}
                      </Typography>
                      <ProgressBar percent={m.progress.percent} label={m.title} />
                      <AssignedNotice path={catalogPaths.module(m.slug)} />
                      <Typography variant="body2" color="text.secondary">
                        {STATUS_LABELS[m.progress.status]}
                      </Typography>
                    </CardContent>
                    <CardActions>
                      <ModuleAction module={m} />
                    </CardActions>
                  </Card>
                </Grid>
              ))}
            </Grid>
          )
        }
      </Loadable>
    </PageFrame>
  );
}

/** The module's pre-test and post-test on its page: what each is, its score, or why it is not open yet. */
function ModuleTests({ slug, tests }: { slug: string; tests: ModuleTestStatus[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="module-tests" sx={{ p: 2, mb: 3 }}>
      <Typography id="module-tests" variant="h6" component="h2" gutterBottom>
        Pre-test and post-test
      </Typography>
      <Typography sx={{ mb: 1 }}>Two short tests on what this module teaches, one before and one after, show what you learned. Neither counts toward your progress.</Typography>
      {tests.map((t) => {
        const name = t.kind === 'pre-test' ? 'Pre-test' : 'Post-test';
        return (
          <Box key={t.kind} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1 }}>
            <Typography>
              <strong>{name}</strong> · {t.questionCount} questions ·{' '}
              {t.score !== null ? `your score ${t.score}%` : t.locked ? t.locked : 'not taken yet'}
            </Typography>
            {t.score === null && !t.locked && (
              <Button component={RouterLink} to={catalogPaths.moduleTest(slug, t.kind)} variant="outlined" size="small">
                Take the {t.kind}
              </Button>
            )}
          </Box>
        );
      })}
    </Paper>
  );
}

/** For teachers and school administrators: the module's teacher guide (prompts, activity, answer key, packet). */
function TeacherGuideLink({ slug, title }: { slug: string; title: string }) {
  const canTeach = useAppSelector(selectCanTeach);
  if (!canTeach) return null;
  return (
    <Alert severity="info" sx={{ my: 2 }}>
      Teaching this module?{' '}
      <Link component={RouterLink} to={guidePath(slug)} aria-label={`Open the teacher guide for ${title}`}>
        Open the teacher guide
      </Link>
      : objectives, standards, pacing, discussion prompts, an activity, the answer key and a printable student packet.
    </Alert>
  );
}

export function ModuleHomePage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const test = search.get('test');
  if (test === 'pre-test' || test === 'post-test') return <ModuleTestPage key={test} slug={slug} kind={test} crumb={CATALOG} />;
  return <ModuleHome slug={slug} />;
}

function ModuleHome({ slug }: { slug: string }) {
  const read = { kind: 'module', args: [slug] } as const;
  const view = useContent(read);
  return (
    <Loadable view={view} read={read}>
      {(m) => (
        <PageFrame title={m.title} namesTab crumbs={[CATALOG, { label: m.title }]}>
          <ProgressBar percent={m.progress.percent} label={m.title} />
          <AssignedNotice />
          <TeacherGuideLink slug={m.slug} title={m.title} />
          {m.progress.status === 'completed' && <ModuleFinished moduleSlug={m.slug} moduleTitle={m.title} />}
          <Box sx={{ my: 2 }}>
            <ContentHtml html={m.overviewHtml} />
          </Box>
          <Typography variant="h5" component="h2" gutterBottom>
            What you will learn
          </Typography>
          <Typography component="ul" sx={{ pl: 3, mb: 2 }}>
            {m.objectives.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </Typography>
          {/* a module not started: its pre-test first, so the baseline is taken before the lessons */}
          {m.progress.status === 'not-started' && m.tests && <ModuleTests slug={m.slug} tests={m.tests} />}
          {m.progress.status !== 'completed' && (
            <Button component={RouterLink} to={m.continuePath} variant="contained" sx={{ mb: 3 }}>
              {m.progress.status === 'not-started' ? 'Start the module' : 'Continue where you left off'}
            </Button>
          )}
          {m.progress.status !== 'not-started' && m.tests && <ModuleTests slug={m.slug} tests={m.tests} />}
          <Typography variant="h5" component="h2" gutterBottom>
            Materials
          </Typography>
          <List aria-label="Materials">
            {m.materials.map((mat) => (
              <ListItem key={mat.slug} disablePadding divider>
                <ListItemButton component={RouterLink} to={catalogPaths.material(m.slug, mat.slug)}>
                  <ListItemText
                    primary={`${mat.order}. ${mat.title}`}
                    secondary={`${mat.summary} — ${mat.sections.filter((s) => s.completed).length} of ${mat.sections.length} sections read · review ${mat.review.passed ? `passed (best ${mat.review.bestScore}%)` : mat.review.attempts > 0 ? `best ${mat.review.bestScore}%` : 'not taken'} · ${mat.percent}% complete`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </PageFrame>
      )}
    </Loadable>
  );
}

export function MaterialPage() {
  const { slug = '', mslug = '' } = useParams();
  const read = { kind: 'material', args: [slug, mslug] } as const;
  const view = useContent(read);
  return (
    <Loadable view={view} read={read}>
      {(mat) => (
        <PageFrame title={mat.title} namesTab crumbs={[CATALOG, { label: mat.moduleTitle, to: catalogPaths.module(slug) }, { label: mat.title }]}>
          <ProgressBar percent={mat.percent} label={mat.title} />
          <AssignedNotice />
          {mat.percent === 100 && <MaterialFinished moduleSlug={slug} materialSlug={mslug} />}
          <Box sx={{ my: 2 }}>
            <ContentHtml html={mat.introHtml} />
          </Box>
          <Box sx={{ mb: 2 }}>
            <BookmarkButton kind="material" target={`${slug}/${mslug}`} bookmarked={mat.bookmarked} />
          </Box>
          <Typography variant="h5" component="h2" gutterBottom>
            Sections
          </Typography>
          <List aria-label="Sections">
            {mat.sections.map((s) => (
              <ListItem key={s.slug} disablePadding divider>
                <ListItemButton component={RouterLink} to={catalogPaths.section(slug, mslug, s.slug)}>
                  <ListItemText primary={`${s.order}. ${s.title}`} secondary={`${s.estimatedMinutes} min · ${s.completed ? 'Completed' : 'Not completed'}`} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
            <Typography variant="h6" component="h2">
              {mat.review.title}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {mat.review.questionCount} questions · pass with {mat.review.passingScore}% ·{' '}
              {mat.review.attempts === 0 ? 'not taken yet' : `best score ${mat.review.bestScore}%${mat.review.passed ? ' (passed)' : ''}`}
            </Typography>
            <Button component={RouterLink} to={catalogPaths.review(slug, mslug)} variant="contained">
              {mat.review.attempts === 0 ? 'Take the review' : 'Retake the review'}
            </Button>
          </Paper>
        </PageFrame>
      )}
    </Loadable>
  );
}

export function SectionPage() {
  const { slug = '', mslug = '', sslug = '' } = useParams();
  const read = { kind: 'section', args: [slug, mslug, sslug] } as const;
  const view = useContent(read);
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectChange(sectionChangeKey(slug, mslug, sslug))) === 'pending';
  useReadingTime(slug, mslug, sslug);
  return (
    <Loadable view={view} read={read}>
      {(s) => (
        <PageFrame
          title={s.title}
          namesTab
          crumbs={[CATALOG, { label: s.moduleTitle, to: catalogPaths.module(slug) }, { label: s.materialTitle, to: catalogPaths.material(slug, mslug) }, { label: s.title }]}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {/* a span: a Chip is a div, which HTML does not allow in a <p> (the browser would rebuild the
                server's markup of this page otherwise, and the app could not hydrate it) */}
            About {s.estimatedMinutes} min {s.completed && <Chip component="span" size="small" color="success" label="Completed" sx={{ ml: 1 }} />}
          </Typography>
          <Box component="article" aria-label={s.title}>
            <ContentHtml html={s.bodyHtml} />
          </Box>
          {s.kbArticles.length > 0 && (
            <Box component="aside" aria-label="Learn more" sx={{ mt: 2 }}>
              <Typography variant="h6" component="h2">
                Learn more
              </Typography>
              <Typography component="ul" sx={{ pl: 3 }}>
                {s.kbArticles.map((a) => (
                  <li key={a.key}>
                    <Link component={RouterLink} to={a.path}>
                      {a.title}
                    </Link>
                  </li>
                ))}
              </Typography>
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 3 }}>
            <Button variant="contained" disabled={s.completed || saving} onClick={() => dispatch(sectionMarkedComplete({ slug, mslug, sslug }))}>
              {s.completed ? 'Completed' : 'Mark complete'}
            </Button>
            <BookmarkButton kind="section" target={`${slug}/${mslug}/${sslug}`} bookmarked={s.bookmarked} />
          </Box>
          {/* the section that finished its material (or module) says where to go next */}
          {s.completed && <MaterialFinished moduleSlug={slug} materialSlug={mslug} />}
          <Box component="nav" aria-label="Sections" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            {s.previous ? (
              <Button component={RouterLink} to={catalogPaths.section(slug, mslug, s.previous.slug)}>
                Previous: {s.previous.title}
              </Button>
            ) : (
              <span />
            )}
            {s.next ? (
              <Button component={RouterLink} to={catalogPaths.section(slug, mslug, s.next.slug)} variant="outlined">
                Next: {s.next.title}
              </Button>
            ) : (
              <Button component={RouterLink} to={catalogPaths.review(slug, mslug)} variant="outlined">
                Next: take the review
              </Button>
            )}
          </Box>
        </PageFrame>
      )}
    </Loadable>
  );
}

type Answers = Record<string, ReviewAnswer>;

/**
 * The score of the attempt just submitted, above the questions. When it arrives (`arrived`: not a
 * result already there when the page opened) focus moves to it and it scrolls into view: the Submit
 * button it replaces was at the bottom of the page, so focus would fall to the body and the score
 * would stay off-screen.
 */
function ReviewScore({ result, arrived }: { result: ReviewResult; arrived: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const alert = ref.current;
    if (!arrived || !alert) return;
    alert.focus({ preventScroll: true });
    alert.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }, [arrived, result]);
  return (
    <Alert ref={ref} tabIndex={-1} severity={result.passed ? 'success' : 'info'} sx={{ mb: 2, scrollMarginTop: 80 }} role="status">
      <strong>
        Your score: {result.score}% ({result.correctCount} of {result.questionCount} correct) — {result.passed ? 'Passed!' : `Not passed yet: you need ${result.passingScore}%.`}
      </strong>{' '}
      {result.answersShown
        ? `Each of your answers is marked below, with the correct answer and why${result.passed ? '.' : ', then retake the review.'}`
        : 'Each of your answers is marked correct or not correct below: read the parts you missed again, then retake the review (the choices come in a new order).'}
    </Alert>
  );
}

export function MaterialReviewPage() {
  const { slug = '', mslug = '' } = useParams();
  const read = { kind: 'review', args: [slug, mslug] } as const;
  const view = useContent(read);
  const dispatch = useAppDispatch();
  const attempt = useAppSelector(selectAttempt(slug, mslug));
  // answers belong to one opening of the review (its choice order): another opening starts empty
  const [given, setGiven] = useState<{ serving: string; answers: Answers }>({ serving: '', answers: {} });
  const [mode, setMode] = useState<'all' | 'one'>('all');
  const [current, setCurrent] = useState(0);
  const result = attempt?.status === 'succeeded' ? attempt.result : null;
  const resultWhenOpened = useRef(result);
  const retake = () => {
    setGiven({ serving: '', answers: {} });
    setCurrent(0);
    dispatch(reviewRetaken({ slug, mslug }));
  };
  return (
    <Loadable view={view} read={read}>
      {(r) => {
        const answers = given.serving === r.serving ? given.answers : {};
        const made = Math.max(r.attempts, result?.attempts ?? 0);
        const outOfAttempts = r.attemptLimit !== null && made >= r.attemptLimit.allowed;
        const passed = result?.passed === true || (r.bestScore !== null && isPassing(r.bestScore, r.passingScore));
        const answered = r.questions.filter((q) => isAnswered(q, answers[String(q.id)])).length;
        const shown = mode === 'all' ? r.questions : r.questions.slice(current, current + 1);
        const offset = mode === 'all' ? 0 : current;
        return (
          <PageFrame
            title={r.title}
            namesTab
            crumbs={[CATALOG, { label: r.moduleTitle, to: catalogPaths.module(slug) }, { label: r.materialTitle, to: catalogPaths.material(slug, mslug) }, { label: 'Review' }]}
          >
            <AssignedNotice />
            <Typography sx={{ mb: 2 }}>
              {r.questions.length > 0 && `${r.questions.length} questions. `}You pass with {r.passingScore}% or more.
              {r.attempts > 0 && ` Your best score so far: ${r.bestScore}%.`}
            </Typography>
            {result ? (
              <>
                <ReviewScore result={result} arrived={result !== resultWhenOpened.current} />
                {result.passed && <ReviewPassed moduleSlug={slug} materialSlug={mslug} />}
                {outOfAttempts && <OutOfAttempts limit={r.attemptLimit!} passed={passed} moduleSlug={slug} materialSlug={mslug} />}
                <Box aria-label="Your results">
                  {result.questions.map((q, i) => {
                    const outcome = result.results.find((x) => x.id === q.id);
                    return outcome ? <QuestionOutcome key={q.id} question={q} index={i} result={outcome} /> : null;
                  })}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {!outOfAttempts && (
                    <Button variant="contained" onClick={retake}>
                      Retake the review
                    </Button>
                  )}
                  <Button component={RouterLink} to={catalogPaths.module(slug)}>
                    Back to the module
                  </Button>
                </Box>
              </>
            ) : r.serving === null ? (
              <>
                {passed && <ReviewPassed moduleSlug={slug} materialSlug={mslug} />}
                {r.attemptLimit && <OutOfAttempts limit={r.attemptLimit} passed={passed} moduleSlug={slug} materialSlug={mslug} />}
              </>
            ) : (
              <>
                {passed && <ReviewPassed moduleSlug={slug} materialSlug={mslug} />}
                <AttemptLine limit={r.attemptLimit} made={r.attempts} />
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={mode}
                  onChange={(_e, next: 'all' | 'one' | null) => next && setMode(next)}
                  aria-label="How to show the questions"
                  sx={{ mb: 2 }}
                >
                  <ToggleButton value="all">All at once</ToggleButton>
                  <ToggleButton value="one">One at a time</ToggleButton>
                </ToggleButtonGroup>
                <Box
                  component="form"
                  aria-label="Review questions"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (r.serving && answered === r.questions.length) dispatch(reviewSubmitted({ slug, mslug, serving: r.serving, answers }));
                  }}
                >
                  {shown.map((q, i) => (
                    <QuestionField
                      key={q.id}
                      q={q}
                      index={offset + i}
                      value={answers[String(q.id)]}
                      onChange={(v) => setGiven({ serving: r.serving ?? '', answers: { ...answers, [String(q.id)]: v } })}
                    />
                  ))}
                  {mode === 'one' && (
                    <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
                      <Button disabled={current === 0} onClick={() => setCurrent((c) => c - 1)}>
                        Previous question
                      </Button>
                      <Button disabled={current >= r.questions.length - 1} onClick={() => setCurrent((c) => c + 1)}>
                        Next question
                      </Button>
                    </Box>
                  )}
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                    <Button type="submit" variant="contained" disabled={answered < r.questions.length || attempt?.status === 'pending'}>
                      Submit answers
                    </Button>
                    <Typography variant="body2" aria-live="polite">
                      {answered} of {r.questions.length} answered
                    </Typography>
                  </Box>
                </Box>
              </>
            )}
          </PageFrame>
        );
      }}
    </Loadable>
  );
}

/** /certificates/{code} (public): checks a certificate's verification code. */
export function CertificatePage() {
  const { code = '' } = useParams();
  const view = useContent({ kind: 'certificateCheck', args: [code] });
  return (
    <PageFrame title="Certificate" maxWidth={720}>
      {view.data ? (
        <Alert severity="success" role="status">
          Verified: <strong>{view.data.firstName} {view.data.lastInitial}.</strong> completed the module <strong>{view.data.moduleTitle}</strong> on{' '}
          {view.data.completedOn}.
        </Alert>
      ) : view.status === 'failed' ? (
        <Alert severity="error" role="status">
          {view.error?.status === 404 || view.error?.status === 400 ? `No certificate has the verification code ${code}.` : view.error?.message}
        </Alert>
      ) : (
        <Typography role="status">Checking the verification code…</Typography>
      )}
    </PageFrame>
  );
}
