import { ComingSoon, PageFrame } from '../../../ui/PageFrame';

/** /app/resources/worksheets */
export function WorksheetsPage() {
  return (
    <PageFrame title="Worksheets" crumbs={[{ label: 'Resources', to: '/app/resources' }, { label: 'Worksheets' }]}>
      <ComingSoon>Practice worksheets will be listed here, to fill in online or print.</ComingSoon>
    </PageFrame>
  );
}
