/**
 * A file the browser saves from text made in the page: the gradebook, a user list, a budget's CSV.
 * In lib/, not in a feature, so the classroom's and school administration's sagas (loaded with
 * their pages) do not bring the saved-documents feature with them.
 */

/** Saves text as a file through a temporary link (works on Chromebooks and phones). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
