import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADDRESS_TABLE } from './address-table';
import { addressKind, isPublicAddress } from './addresses';

/** The rows of the address table in docs/security.md: [address, kind, contacted] per row. */
function documentedRows(): string[][] {
  const doc = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Live checks cannot reach inside the network'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    );
}

describe('addressKind', () => {
  it.each(ADDRESS_TABLE.map((row) => [row.address, row.kind]))('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
    expect(isPublicAddress(address)).toBe(kind === 'public');
  });

  it('refuses every IPv6 address outside 2000::/3 and every form carrying an IPv4 address, whatever it carries', () => {
    for (const v4 of ['8.8.8.8', '127.0.0.1', '169.254.169.254', '10.0.0.1']) {
      const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
      const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
      for (const embedded of [`::${v4}`, `::${hex}`, `::ffff:${v4}`, `64:ff9b::${hex}`, `2002:${hex}::1`]) {
        expect(isPublicAddress(embedded), embedded).toBe(false);
      }
    }
  });

  it('is shown row for row in docs/security.md', () => {
    expect(documentedRows()).toEqual(
      ADDRESS_TABLE.map((row) => [row.address, row.kind, row.kind === 'public' ? 'yes' : 'no']),
    );
  });

  it('calls text that is no address invalid, and only public addresses contactable', () => {
    expect(addressKind('localhost')).toBe('invalid');
    expect(addressKind('999.1.1.1')).toBe('invalid');
    expect(isPublicAddress('localhost')).toBe(false);
  });
});
