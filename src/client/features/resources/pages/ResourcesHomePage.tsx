/** /app/resources: the way into the knowledge base, the budget wizard and worksheets. */
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../../ui/PageFrame';

const TOOLS = [
  { to: '/app/resources/knowledge-base', title: 'Knowledge Base', text: 'Articles on everyday money topics.' },
  { to: '/app/resources/budget-wizard', title: 'Budget Wizard', text: 'Build a budget step by step and save it.' },
  { to: '/app/resources/worksheets', title: 'Worksheets', text: 'Practice sheets to fill in or print.' },
] as const;

export function ResourcesHomePage() {
  return (
    <PageFrame title="Resources" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Resources' }]}>
      <Grid container spacing={2}>
        {TOOLS.map((tool) => (
          <Grid key={tool.to} size={{ xs: 12, sm: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={tool.to} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2" color="primary">
                    {tool.title}
                  </Typography>
                  <Typography variant="body2">{tool.text}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </PageFrame>
  );
}
