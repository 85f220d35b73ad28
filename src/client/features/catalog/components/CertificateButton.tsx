/**
 * "Download certificate": asks the saga for the module's PDF, then hands it to the browser as a file
 * and drops it from the store.
 */
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCertificate } from '../selectors';
import { certificateDelivered, certificateRequested } from '../slice';
import { saveFile } from './saveFile';

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
