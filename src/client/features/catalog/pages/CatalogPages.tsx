/** /app/catalog: module list, module home, material (section / review) and section pages. */
import { useParams } from 'react-router';
import { ComingSoon, PageFrame, type Crumb } from '../../../ui/PageFrame';

const CATALOG: Crumb = { label: 'Catalog', to: '/app/catalog' };

export function ModuleListPage() {
  return (
    <PageFrame title="Catalog" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Catalog' }]}>
      <ComingSoon>Every module of your course will be listed here, with your progress through each one.</ComingSoon>
    </PageFrame>
  );
}

export function ModuleHomePage() {
  const { slug = '' } = useParams();
  return (
    <PageFrame title="Module" crumbs={[CATALOG, { label: slug }]}>
      <ComingSoon>This module's overview and its materials, in order, will be shown here.</ComingSoon>
    </PageFrame>
  );
}

export function MaterialPage({ review = false }: { review?: boolean }) {
  const { slug = '', mslug = '' } = useParams();
  return (
    <PageFrame
      title={review ? 'Review' : 'Material'}
      crumbs={[CATALOG, { label: slug, to: `/app/catalog/${slug}` }, { label: mslug }]}
    >
      <ComingSoon>
        {review
          ? 'A short review quiz on this material will appear here.'
          : "This material's sections will be shown here, starting with the first one you haven't finished."}
      </ComingSoon>
    </PageFrame>
  );
}

export function MaterialReviewPage() {
  return <MaterialPage review />;
}

export function SectionPage() {
  const { slug = '', mslug = '', sslug = '' } = useParams();
  return (
    <PageFrame
      title="Section"
      crumbs={[
        CATALOG,
        { label: slug, to: `/app/catalog/${slug}` },
        { label: mslug, to: `/app/catalog/${slug}/material/${mslug}` },
        { label: sslug },
      ]}
    >
      <ComingSoon>The lesson content of this section will be shown here, with a way to bookmark it.</ComingSoon>
    </PageFrame>
  );
}
