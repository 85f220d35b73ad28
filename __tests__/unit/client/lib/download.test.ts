/**
 * downloadText: the text becomes a file through a temporary link that names it; the link goes
 * away at once and its object URL a while later (the browser may still be reading it).
 */
import { downloadText } from '../../../../src/client/lib/download';

it('saves the text under the file name, then cleans up', () => {
  jest.useFakeTimers();
  const blobs: Blob[] = [];
  const created = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:gradebook';
  });
  const revoked = jest.fn();
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
  const clicked: HTMLAnchorElement[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  downloadText('gradebook.csv', 'name,score\n');
  expect(clicked).toHaveLength(1);
  expect(clicked[0]!.download).toBe('gradebook.csv');
  expect(clicked[0]!.href).toBe('blob:gradebook');
  expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
  expect(document.querySelector('a[download]')).toBeNull();
  expect(revoked).not.toHaveBeenCalled();
  jest.advanceTimersByTime(10_000);
  expect(revoked).toHaveBeenCalledWith('blob:gradebook');
  click.mockRestore();
  jest.useRealTimers();
});
