/**
 * The one table markup of the school administration pages: a framed, small, named table with its
 * header row. `columns` are the header cells; a column of row buttons gets a heading only screen
 * readers hear (`<Hidden>Actions</Hidden>`), as does a button that must say which row it acts on.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { TableFrame } from '../../../ui/TableFrame';
import { visuallyHidden } from '../../../ui/visuallyHidden';

/** Read by screen readers, not shown. */
export function Hidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {children}
    </Box>
  );
}

export interface AdminTableProps {
  /** the table's name (its aria-label and its frame's) */
  label: string;
  columns: readonly ReactNode[];
  /** the rows (TableRow elements) */
  children: ReactNode;
  sx?: SxProps<Theme>;
}

export function AdminTable({ label, columns, children, sx }: AdminTableProps) {
  return (
    <TableFrame label={label} {...(sx ? { sx } : {})}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell key={i}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableFrame>
  );
}
