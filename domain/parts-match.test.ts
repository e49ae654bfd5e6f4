import { describe, expect, it } from 'vitest';
import { catalogueMatch, partNumberKey } from './parts-match';

const catalogue = [
  { id: 'a', partNumber: 'OF-0', name: 'Oil filter' },
  { id: 'b', partNumber: 'AF 12', name: 'Air filter' },
  { id: 'c', partNumber: null, name: 'Grease' },
];

describe('a written service part against the parts catalogue', () => {
  it('agrees by part number whatever the case and spaces', () => {
    expect(partNumberKey(' of - 0 ')).toBe('OF-0');
    expect(catalogueMatch({ partNumber: 'of-0' }, catalogue)?.id).toBe('a');
    expect(catalogueMatch({ partNumber: 'OF 0' }, catalogue)).toBeNull();
    expect(catalogueMatch({ partNumber: ' OF-0\t' }, catalogue)?.id).toBe('a');
    expect(catalogueMatch({ partNumber: 'af12' }, catalogue)?.id).toBe('b');
  });

  it('takes the part it points at first, and leaves the rest unmatched', () => {
    expect(catalogueMatch({ partId: 'c', partNumber: 'OF-0' }, catalogue)?.id).toBe('c');
    expect(catalogueMatch({ partId: 'gone', partNumber: 'OF-0' }, catalogue)?.id).toBe('a');
    expect(catalogueMatch({ partNumber: 'XX-9' }, catalogue)).toBeNull();
    expect(catalogueMatch({ partNumber: '' }, catalogue)).toBeNull();
    expect(catalogueMatch({ partNumber: null }, catalogue)).toBeNull();
  });
});
