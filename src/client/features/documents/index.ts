/**
 * Saved documents: what budgets and worksheets share to keep a learner's numbers the same way.
 * The slice and saga factory with auto-save (`createDocumentFeature`), the page hooks that wire the
 * list and the editor to it, the editor's parts, and the CSV/PDF exports. Other features import
 * from here only (docs/architecture.md, "The budget save").
 */
export {
  AUTOSAVE_DELAY_MS,
  CONNECTION_MESSAGE,
  INTERRUPTED_CREATE_MS,
  RETRY_DELAY_MS,
  createDocumentFeature,
  type CurrentStatus,
  type DocumentFeatureOptions,
  type DocumentState,
  type ListStatus,
  type SaveStatus as DocumentSaveStatus,
  type SavedDocument,
} from './autosave';
export {
  documentIdOf,
  editorPhase,
  useDocumentEditor,
  useDocumentList,
  type DocumentEditorOptions,
  type DocumentFeature,
  type EditorPhase,
} from './hooks';
export { useSaveWhenHidden } from './useSaveWhenHidden';
export {
  DocumentLinks,
  DocumentTable,
  ListLoadFailed,
  UndoDeleteAlert,
  type DeletedDocument,
  type DocumentColumn,
  type DocumentListingProps,
  type DocumentTableProps,
  type ListedDocument,
} from './components/DocumentList';
export { DraftReporter } from './components/DraftReporter';
export { DocumentOpenFailed, DocumentOpening, type DocumentOpenFailedProps } from './components/EditorStates';
export { ExportButtons, type ExportButtonsProps } from './components/ExportButtons';
export { LineFieldset, type LineFieldsetProps, type LineLayout } from './components/LineFieldset';
export { SaveStatus, type SaveStatusProps } from './components/SaveStatus';
export { downloadPdf, downloadText, type PdfSection } from './exporting';
export { FREQUENCY_OPTIONS } from './frequencyOptions';
