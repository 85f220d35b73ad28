/** /app/resources: the way into the knowledge base, the glossary, the budget wizard and worksheets. */
import { LinkCardGrid } from '../../../ui/LinkCardGrid';
import { PageFrame } from '../../../ui/PageFrame';

const TOOLS = [
  { to: '/app/resources/knowledge-base', title: 'Knowledge Base', text: 'Articles on everyday money topics.' },
  { to: '/app/resources/glossary', title: 'Glossary', text: 'Money words from the lessons, A to Z.' },
  { to: '/app/resources/budget-wizard', title: 'Budget Wizard', text: 'Build a budget step by step and save it.' },
  { to: '/app/resources/worksheets', title: 'Worksheets', text: 'Practice sheets to fill in or print.' },
] as const;

export function ResourcesHomePage() {
  return (
    <PageFrame title="Resources" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Resources' }]}>
      <LinkCardGrid cards={TOOLS} perRow={3} headingComponent="h2" />
    </PageFrame>
  );
}
