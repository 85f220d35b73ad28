/** A document's downloads and print, left out of the printout: [Download CSV] Download PDF, Print. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export interface ExportButtonsProps {
  /** a "Download CSV" button first (none without) */
  onCsv?: () => void;
  onPdf: () => void;
  /** space above the row (theme spacing) */
  mt?: number;
}

export function ExportButtons({ onCsv, onPdf, mt }: ExportButtonsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt }} data-no-print>
      {onCsv && (
        <Button variant="outlined" onClick={onCsv}>
          Download CSV
        </Button>
      )}
      <Button variant="outlined" onClick={onPdf}>
        Download PDF
      </Button>
      <Button variant="outlined" onClick={() => window.print()}>
        Print
      </Button>
    </Box>
  );
}
