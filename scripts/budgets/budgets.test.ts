import { describe, expect, it } from 'vitest';
import { BUDGETS, measure, overBudget, type Manifest } from './budgets';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/pages/project.tsx': { file: 'assets/project.js', imports: ['_vendor.js', '_tooltip.js'] },
  '_tooltip.js': { file: 'assets/tooltip.js' },
  'src/pages/admin.tsx': { file: 'assets/admin.js' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 60_000,
  'assets/vendor.js': 50_000,
  'assets/project.js': 5_000,
  'assets/tooltip.js': 3_000,
  'assets/admin.js': 90_000,
};

describe('JavaScript budgets', () => {
  it('count the entry closure for landing and add the project chunk closure once, never lazy chunks', () => {
    expect(measure(manifest, (f) => sizes[f]!)).toEqual({ landing: 110_000, project: 118_000 });
  });
  it('count the application the entry starts with import() as landing JavaScript', () => {
    const deferred: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/start.tsx'] },
      'src/start.tsx': { file: 'assets/start.js', imports: ['_vendor.js'], dynamicImports: ['src/pages/admin.tsx'] },
      '_vendor.js': { file: 'assets/vendor.js' },
      'src/pages/project.tsx': { file: 'assets/project.js', imports: ['_vendor.js'] },
      'src/pages/admin.tsx': { file: 'assets/admin.js' },
    };
    const deferredSizes: Record<string, number> = { ...sizes, 'assets/index.js': 1_000, 'assets/start.js': 59_000 };
    expect(measure(deferred, (f) => deferredSizes[f]!)).toEqual({ landing: 110_000, project: 115_000 });
  });
  it('report each page over its budget', () => {
    expect(overBudget({ landing: BUDGETS.landing, project: BUDGETS.project })).toEqual([]);
    expect(overBudget({ landing: BUDGETS.landing + 1, project: 0 })).toEqual([
      expect.stringContaining('landing JavaScript is'),
    ]);
    expect(overBudget({ landing: 0, project: BUDGETS.project + 1 })).toHaveLength(1);
  });
});
