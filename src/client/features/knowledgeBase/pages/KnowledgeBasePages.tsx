/** /app/resources/knowledge-base: home (search, topics, popular, recent), topic and article pages. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { formatDay, parseDay } from '../../../../common/calendarDay';
import { kbPaths, type KbArticleCard } from '../../../../common/knowledgeBase';
import { useDeferredAppSelector } from '../../../app/deferredSelector';
import { useAppDispatch } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { PrintStyles } from '../../../ui/PrintStyles';
import { PageFrame, type Crumb } from '../../../ui/PageFrame';
import { PageLoading } from '../../../ui/PageLoading';
import { ArticleBody } from '../components/ArticleBody';
import { KbSearch } from '../components/KbSearch';
import { selectKbArticle, selectKbHome, selectKbTopic } from '../selectors';
import { articlePreloadTaken, articleRequested, bookmarkToggled, homeRequested, topicRequested } from '../slice';
import { registerArea } from '../../../app/areas';
import { knowledgeBaseArea } from '../area';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(knowledgeBaseArea);

const RESOURCES: Crumb = { label: 'Resources', to: '/app/resources' };
const KB: Crumb = { label: 'Knowledge Base', to: kbPaths.home() };

/** "2026-11-22" → 11/22/26: a calendar date from a content file, the day it says in any zone. */
function updatedOn(ymd: string): string {
  const day = parseDay(ymd);
  return day ? formatDay(day) : '';
}

function ArticleList({ articles, label, showTopic = true }: { articles: readonly KbArticleCard[]; label: string; showTopic?: boolean }) {
  if (articles.length === 0) return <Typography variant="body2">No articles yet.</Typography>;
  return (
    <List aria-label={label} dense>
      {articles.map((a) => (
        <ListItem key={`${a.topicSlug}/${a.slug}`} disableGutters sx={{ display: 'block' }}>
          <Link component={RouterLink} to={kbPaths.article(a.topicSlug, a.slug)} underline="hover" sx={{ fontWeight: 500 }}>
            {a.title}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {showTopic ? `${a.topicTitle} · ` : ''}
            {a.summary}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

/** A list of articles under its heading; `id` names the heading, for the section around them to be labelled by it. */
function HeadedArticleList({ id, heading, articles, label }: { id: string; heading: string; articles: readonly KbArticleCard[]; label: string }) {
  return (
    <>
      <Typography id={id} variant="h5" component="h2">
        {heading}
      </Typography>
      <ArticleList articles={articles} label={label} />
    </>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert severity="error" action={<Button color="inherit" onClick={onRetry}>Try again</Button>}>
      {message}
    </Alert>
  );
}

export function KnowledgeBaseHomePage() {
  const dispatch = useAppDispatch();
  const home = useDeferredAppSelector(selectKbHome);
  useEffect(() => {
    dispatch(homeRequested());
  }, [dispatch]);
  const data = home.data;
  const hasPopular = (data?.popular.length ?? 0) > 0;
  return (
    <PageFrame title="Knowledge Base" crumbs={[RESOURCES, { label: 'Knowledge Base' }]} intro="Short explainers on everyday money topics. Search or pick a topic.">
      <KbSearch />
      {home.status === 'failed' && <LoadFailed message={home.error?.message ?? 'The knowledge base could not be loaded.'} onRetry={() => dispatch(homeRequested())} />}
      {!data && home.status !== 'failed' && <PageLoading />}
      {data && (
        <>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            Topics
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }} component="ul" aria-label="Topics" style={{ listStyle: 'none', padding: 0 }}>
            {data.topics.map((topic) => (
              <Grid key={topic.slug} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={kbPaths.topic(topic.slug)} sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="h6" component="h3" color="primary">
                        {topic.title}
                      </Typography>
                      <Typography variant="body2">{topic.summary}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {topic.articleCount} article{topic.articleCount === 1 ? '' : 's'}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
          <Grid container spacing={3}>
            {/* popular comes from real views: until there are some, the recent list alone, not twice */}
            {hasPopular && (
              <Grid size={{ xs: 12, md: 6 }} component="section" aria-labelledby="kb-popular">
                <HeadedArticleList id="kb-popular" heading="Popular articles" articles={data.popular} label="Popular articles" />
              </Grid>
            )}
            <Grid size={{ xs: 12, md: hasPopular ? 6 : 12 }} component="section" aria-labelledby="kb-recent">
              <HeadedArticleList id="kb-recent" heading="Recently updated" articles={data.recent} label="Recently updated articles" />
            </Grid>
          </Grid>
        </>
      )}
    </PageFrame>
  );
}

/**
 * A topic's or an article's page until its answer is in: Not Found when the server said so, the
 * failure (under the page's generic title) with "Try again", else loading.
 */
function NotShownYet({ notFound, failed, title, message, onRetry }: { notFound: boolean; failed: boolean; title: string; message: string; onRetry: () => void }) {
  if (notFound) return <NotFoundPage />;
  if (!failed) return <PageLoading />;
  return (
    <PageFrame title={title} crumbs={[RESOURCES, KB, { label: title }]}>
      <LoadFailed message={message} onRetry={onRetry} />
    </PageFrame>
  );
}

export function TopicPage() {
  const { slug = '' } = useParams();
  const dispatch = useAppDispatch();
  const topic = useDeferredAppSelector(selectKbTopic);
  useEffect(() => {
    dispatch(topicRequested({ slug }));
  }, [dispatch, slug]);
  const notFound = topic.slug === slug && topic.status === 'notFound';
  const data = topic.slug === slug ? topic.data : null;
  if (notFound || !data) {
    return (
      <NotShownYet
        notFound={notFound}
        failed={topic.status === 'failed'}
        title="Topic"
        message={topic.error?.message ?? 'This topic could not be loaded.'}
        onRetry={() => dispatch(topicRequested({ slug }))}
      />
    );
  }
  return (
    <PageFrame title={data.title} namesTab crumbs={[RESOURCES, KB, { label: data.title }]} intro={data.summary}>
      <Typography variant="h5" component="h2">
        Articles
      </Typography>
      <ArticleList articles={data.articles} label={`Articles about ${data.title}`} showTopic={false} />
    </PageFrame>
  );
}

export function ArticlePage() {
  const { tslug = '', aslug = '' } = useParams();
  const key = `${tslug}/${aslug}`;
  const dispatch = useAppDispatch();
  const article = useDeferredAppSelector(selectKbArticle);
  // the article the page was rendered with ahead of the app is shown as is (its view is counted)
  const preloaded = article.preloaded && article.key === key;
  useEffect(() => {
    if (preloaded) dispatch(articlePreloadTaken());
    else dispatch(articleRequested({ topic: tslug, article: aslug }));
    // once per article: taking the preload clears `preloaded`, which must not ask again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, tslug, aslug]);
  const notFound = article.key === key && article.status === 'notFound';
  const data = article.key === key ? article.data : null;
  if (notFound || !data) {
    return (
      <NotShownYet
        notFound={notFound}
        failed={article.status === 'failed'}
        title="Article"
        message={article.error?.message ?? 'This article could not be loaded.'}
        onRetry={() => dispatch(articleRequested({ topic: tslug, article: aslug }))}
      />
    );
  }
  const saving = article.bookmark === 'pending';
  return (
    <PageFrame title={data.title} namesTab crumbs={[RESOURCES, KB, { label: data.topicTitle, to: kbPaths.topic(data.topicSlug) }, { label: data.title }]}>
      {/* printed as budgets, worksheets and the transcript are: the article alone, no app around it */}
      <PrintStyles />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, displayPrint: 'none' }}>
        <Button
          variant={data.bookmarked ? 'contained' : 'outlined'}
          aria-pressed={data.bookmarked}
          disabled={saving}
          onClick={() => dispatch(bookmarkToggled({ topic: data.topicSlug, article: data.slug, bookmarked: !data.bookmarked }))}
        >
          {data.bookmarked ? 'Bookmarked' : 'Bookmark'}
        </Button>
        <Button variant="outlined" onClick={() => window.print()}>
          Print
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {data.topicTitle} · Updated {updatedOn(data.updated)}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ my: 2, fontWeight: 500 }}>
        {data.summary}
      </Typography>
      <Box component="article" aria-label={data.title}>
        <ArticleBody html={data.bodyHtml} />
      </Box>
      <Box component="section" aria-labelledby="kb-key-terms" sx={{ mt: 3 }}>
        <Typography id="kb-key-terms" variant="h5" component="h2">
          Key terms
        </Typography>
        <Box component="dl" sx={{ '& dt': { fontWeight: 600, mt: 1 }, '& dd': { ml: 2 } }}>
          {data.keyTerms.map((k) => (
            <Box key={k.term} component="div">
              <dt>{k.term}</dt>
              <dd>{k.definition}</dd>
            </Box>
          ))}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="kb-related" sx={{ mt: 3, displayPrint: 'none' }}>
        <HeadedArticleList id="kb-related" heading="Related articles" articles={data.related} label="Related articles" />
      </Box>
    </PageFrame>
  );
}
