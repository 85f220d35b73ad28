/**
 * A learner's saved documents (budgets, worksheets) as their pages list them: the undo offer after a
 * delete, the list that could not be loaded, the table of documents with Open / Duplicate / Delete,
 * and the short list of links the activity page shows. Each feature says only what differs: its
 * columns or details, its names and addresses.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../ui/format';
import { RECORDING_BLOCK_CLASS, RECORDING_MASK_CLASS } from '../../../ui/recordingPrivacy';
import { FoldedLines, TableFrame, cellFromSm } from '../../../ui/TableFrame';

export interface DeletedDocument {
  id: number;
  label: string;
}

/** "Deleted “name”." with Undo and Dismiss, while the last deleted document can still come back. */
export function UndoDeleteAlert({ deleted, onUndo, onDismiss }: { deleted: DeletedDocument | null; onUndo: (id: number) => void; onDismiss: () => void }) {
  if (!deleted) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => onUndo(deleted.id)}>
            Undo
          </Button>
          <Button color="inherit" size="small" onClick={onDismiss}>
            Dismiss
          </Button>
        </>
      }
    >
      {/* the learner's own name: masked in session recordings */}
      Deleted “<span className={RECORDING_MASK_CLASS}>{deleted.label}</span>”.
    </Alert>
  );
}

/** "Your budgets could not be loaded: …" — `what` is the plural the learner reads ("budgets"). */
export function ListLoadFailed({ what, error }: { what: string; error: { message: string } | null }) {
  return (
    <Alert severity="error">
      {`Your ${what} could not be loaded: `}
      {error?.message}
    </Alert>
  );
}

/** A column of the documents table between the name and the last-edited date. */
export interface DocumentColumn<T> {
  header: string;
  /** amounts: right-aligned */
  numeric?: boolean;
  value: (item: T) => string;
  /** on a phone the value goes under the name after this word ("Income $1,200.00"); none: the value alone */
  phoneLabel?: string;
}

/** Where the summary lines after the columns' come from: every document has a last-edited time. */
export interface ListedDocument {
  id: number;
  updatedAt: number;
}

/** What every listing of a learner's documents needs: which, and how each is named and reached. */
export interface DocumentListingProps<T extends ListedDocument> {
  /** the list's name, e.g. "My budgets" */
  label: string;
  items: readonly T[];
  /** the learner's time zone, for the last edit */
  timeZone: string;
  /** the document's name as listed (in the link, and in the table's buttons' labels) */
  nameOf: (item: T) => string;
  /** the document's own page */
  hrefOf: (item: T) => string;
}

/**
 * The learner's documents as a short list (the activity page): each a line, "Name — details,
 * edited Mar 4, 2026", the name a link; left out of session recordings.
 */
export function DocumentLinks<T extends ListedDocument>({ label, items, timeZone, nameOf, hrefOf, details }: DocumentListingProps<T> & { details: (item: T) => string }) {
  return (
    <List dense aria-label={label} className={RECORDING_BLOCK_CLASS}>
      {items.map((item) => (
        <ListItem key={item.id} disableGutters>
          <Typography>
            <Link component={RouterLink} to={hrefOf(item)}>
              {nameOf(item)}
            </Link>{' '}
            — {details(item)}, edited {formatDate(item.updatedAt, timeZone)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

export interface DocumentTableProps<T extends ListedDocument> extends DocumentListingProps<T> {
  /** what follows the link in the name cell (a "Draft" chip) */
  afterName?: (item: T) => ReactNode;
  columns: ReadonlyArray<DocumentColumn<T>>;
  /** an "Open" button before Duplicate and Delete */
  withOpen?: boolean;
  onDuplicate: (item: T) => void;
  onDelete: (item: T, name: string) => void;
}

const ACTIONS_SX = { display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'flex-start', gap: 0.5, flexWrap: 'wrap' } as const;

/**
 * The learner's documents: the name (a link, the row's header), the feature's columns, "Last edited"
 * and the actions. The learner's own names, in text and in the buttons' labels: left out of session
 * recordings. On a phone, two columns: the other values go under the name, the actions one above
 * another.
 */
export function DocumentTable<T extends ListedDocument>({ label, items, timeZone, nameOf, hrefOf, afterName, columns, withOpen = false, onDuplicate, onDelete }: DocumentTableProps<T>) {
  return (
    <TableFrame label={label} className={RECORDING_BLOCK_CLASS}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.numeric ? 'right' : undefined} sx={cellFromSm}>
                {column.header}
              </TableCell>
            ))}
            <TableCell sx={cellFromSm}>Last edited</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const name = nameOf(item);
            const href = hrefOf(item);
            const values = columns.map((column) => column.value(item));
            const edited = formatDate(item.updatedAt, timeZone);
            const phoneLines = [...columns.map((column, i) => (column.phoneLabel ? `${column.phoneLabel} ${values[i]}` : values[i])), `Edited ${edited}`];
            return (
              <TableRow key={item.id}>
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={href}>
                    {name}
                  </Link>
                  {afterName?.(item)}
                  <FoldedLines lines={phoneLines} />
                </TableCell>
                {columns.map((column, i) => (
                  <TableCell key={column.header} align={column.numeric ? 'right' : undefined} sx={cellFromSm}>
                    {values[i]}
                  </TableCell>
                ))}
                <TableCell sx={cellFromSm}>{edited}</TableCell>
                <TableCell>
                  <Box sx={ACTIONS_SX}>
                    {withOpen && (
                      <Button size="small" component={RouterLink} to={href} aria-label={`Open ${name}`}>
                        Open
                      </Button>
                    )}
                    <Button size="small" onClick={() => onDuplicate(item)} aria-label={`Duplicate ${name}`}>
                      Duplicate
                    </Button>
                    <Button size="small" color="error" onClick={() => onDelete(item, name)} aria-label={`Delete ${name}`}>
                      Delete
                    </Button>
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableFrame>
  );
}
