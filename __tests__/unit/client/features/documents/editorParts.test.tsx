/**
 * The editor's shared pieces (features/documents/components): the page while a document opens or when it could not be
 * opened, the download / print buttons, and the form's draft reporter.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, Formik } from 'formik';
import { MemoryRouter } from 'react-router';
import { DraftReporter } from '../../../../../src/client/features/documents/components/DraftReporter';
import { DocumentOpenFailed, DocumentOpening } from '../../../../../src/client/features/documents/components/EditorStates';
import { ExportButtons } from '../../../../../src/client/features/documents/components/ExportButtons';

const crumbs = [{ label: 'Resources', to: '/app/resources' }, { label: 'Worksheets', to: '/app/resources/worksheets' }, { label: 'Net worth' }];

describe('DocumentOpening / DocumentOpenFailed', () => {
  it('titles the page while the document opens', () => {
    render(
      <MemoryRouter>
        <DocumentOpening title="Edit Budget" crumbs={crumbs} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Budget' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why it could not be opened, with no "Try again" unless the feature offers it', () => {
    render(
      <MemoryRouter>
        <DocumentOpenFailed title="Net worth" crumbs={crumbs} noun="worksheet" error={{ message: 'Server down' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This worksheet could not be opened: Server down');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers "Try again" when given one', async () => {
    const onRetry = jest.fn();
    render(
      <MemoryRouter>
        <DocumentOpenFailed title="Edit Budget" crumbs={crumbs} noun="budget" error={{ message: 'Timed out' }} onRetry={onRetry} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This budget could not be opened: Timed out');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('ExportButtons', () => {
  it('offers the PDF and print, left out of the printout', async () => {
    const onPdf = jest.fn();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    render(<ExportButtons onPdf={onPdf} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Download PDF', 'Print']);
    expect(screen.getByRole('button', { name: 'Print' }).parentElement).toHaveAttribute('data-no-print');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(onPdf).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('puts the CSV first when given one', async () => {
    const onCsv = jest.fn();
    render(<ExportButtons onCsv={onCsv} onPdf={jest.fn()} mt={2} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Download CSV', 'Download PDF', 'Print']);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(onCsv).toHaveBeenCalledTimes(1);
  });
});

describe('DraftReporter', () => {
  it('reports each change of the values, not what the form started with', async () => {
    const onChange = jest.fn();
    render(
      <Formik initialValues={{ name: 'Saved' }} onSubmit={() => undefined}>
        <>
          <DraftReporter onChange={onChange} />
          <Field name="name" aria-label="Name" />
        </>
      </Formik>,
    );
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    expect(onChange).toHaveBeenLastCalledWith({ name: 'Saved!' });
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
