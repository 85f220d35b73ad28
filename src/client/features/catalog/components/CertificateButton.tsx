/**
 * "Download certificate": asks the saga for the module's PDF, then hands it to the browser as a file
 * and drops it from the store.
 */
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCertificate } from '../selectors';
import { certificateDelivered, certificateRequested } from '../slice';

function saveFile(base64: string, fileName: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CertificateButton({ moduleSlug, moduleTitle }: { moduleSlug: string; moduleTitle: string }) {
  const dispatch = useAppDispatch();
  const certificate = useAppSelector(selectCertificate);
  const mine = certificate.moduleSlug === moduleSlug;
  useEffect(() => {
    if (mine && certificate.status === 'succeeded' && certificate.file) {
      saveFile(certificate.file.pdfBase64, certificate.file.fileName);
      dispatch(certificateDelivered());
    }
  }, [mine, certificate, dispatch]);
  return (
    <Button
      size="small"
      variant="contained"
      disabled={mine && certificate.status === 'pending'}
      onClick={() => dispatch(certificateRequested({ moduleSlug }))}
      aria-label={`Download certificate for ${moduleTitle}`}
    >
      Download certificate
    </Button>
  );
}
