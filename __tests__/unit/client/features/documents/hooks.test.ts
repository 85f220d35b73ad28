/**
 * The saved-document pages' pure rules (features/documents/hooks.ts): the document id an address names, and
 * what the editor shows for the address's id (null: a new document) and the store's current document.
 */
import { documentIdOf, editorPhase, type EditorPhase } from '../../../../../src/client/features/documents/hooks';
import type { CurrentStatus } from '../../../../../src/client/features/documents/autosave';

describe('documentIdOf', () => {
  it.each<[string, number | null]>([
    ['1', 1],
    ['42', 42],
    ['999999999', 999_999_999],
    ['1000000000', null], // ten digits
    ['0', null],
    ['007', null],
    ['-3', null],
    ['+3', null],
    ['3.0', null],
    ['1e3', null],
    [' 3', null],
    ['3 ', null],
    ['', null],
    ['create', null],
  ])('%p → %p', (param, id) => {
    expect(documentIdOf(param)).toBe(id);
  });
});

const cases: Array<[string, CurrentStatus, number | null, number | null, EditorPhase]> = [
  // what, status, record's id, address's id, phase
  ['nothing asked for yet', 'idle', null, 7, 'opening'],
  ['a new document before it starts', 'idle', null, null, 'opening'],
  ['loading the address’s document', 'loading', null, 7, 'opening'],
  ['loading while the previous one is still in the store', 'loading', 3, 7, 'opening'],
  ['the previous document is ready, the address names another', 'ready', 3, 7, 'opening'],
  ['the address’s document is ready', 'ready', 7, 7, 'ready'],
  ['a new document started', 'ready', null, null, 'ready'],
  ['a new document after its first save', 'ready', 12, null, 'ready'],
  ['no such document', 'notFound', null, 7, 'notFound'],
  ['no such document, while another is in the store', 'notFound', 3, 7, 'notFound'],
  ['it could not be opened', 'failed', null, 7, 'failed'],
  ['it could not be opened, another one in the store', 'failed', 3, 7, 'failed'],
];

describe('editorPhase', () => {
  it.each(cases)('%s: %s, record %p, address %p → %s', (_what, status, recordId, id, phase) => {
    expect(editorPhase({ status, record: recordId === null ? null : { id: recordId } }, id)).toBe(phase);
  });
});
