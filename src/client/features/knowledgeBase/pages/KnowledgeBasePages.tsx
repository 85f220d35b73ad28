/** /app/resources/knowledge-base: home, topic and article pages. */
import { useParams } from 'react-router';
import { ComingSoon, PageFrame, type Crumb } from '../../../ui/PageFrame';

const RESOURCES: Crumb = { label: 'Resources', to: '/app/resources' };
const KB: Crumb = { label: 'Knowledge Base', to: '/app/resources/knowledge-base' };

export function KnowledgeBaseHomePage() {
  return (
    <PageFrame title="Knowledge Base" crumbs={[RESOURCES, { label: 'Knowledge Base' }]}>
      <ComingSoon>The knowledge base's topics will be listed here, with a search across every article.</ComingSoon>
    </PageFrame>
  );
}

export function TopicPage() {
  const { slug = '' } = useParams();
  return (
    <PageFrame title="Topic" crumbs={[RESOURCES, KB, { label: slug }]}>
      <ComingSoon>The articles of this topic will be listed here.</ComingSoon>
    </PageFrame>
  );
}

export function ArticlePage() {
  const { tslug = '', aslug = '' } = useParams();
  return (
    <PageFrame
      title="Article"
      crumbs={[RESOURCES, KB, { label: tslug, to: `/app/resources/knowledge-base/${tslug}` }, { label: aslug }]}
    >
      <ComingSoon>The article will be shown here, with a way to bookmark it.</ComingSoon>
    </PageFrame>
  );
}
