/**
 * A grid of cards that each lead somewhere: the home page's areas, the resources page's tools. The
 * whole card is the link; its title is a heading of the level the page needs under its h1.
 */
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface LinkCard {
  to: string;
  title: string;
  text: string;
}

export interface LinkCardGridProps {
  cards: readonly LinkCard[];
  /** cards side by side from sm up (one a row on a phone) */
  perRow: 2 | 3;
  /** the cards' titles: h2 right under the page's title, h3 under a section's h2 */
  headingComponent: 'h2' | 'h3';
}

export function LinkCardGrid({ cards, perRow, headingComponent }: LinkCardGridProps) {
  return (
    <Grid container spacing={2}>
      {cards.map((card) => (
        <Grid key={card.to} size={{ xs: 12, sm: 12 / perRow }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={card.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component={headingComponent} color="primary">
                  {card.title}
                </Typography>
                <Typography variant="body2">{card.text}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
