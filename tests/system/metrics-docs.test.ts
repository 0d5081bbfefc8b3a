import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createSql } from '@vitrine/db/sql';
import { collectProcessMetrics, metricsRegistry } from '@vitrine/runtime/metrics';
import '@vitrine/api/metrics';
import { measureWorker } from '@vitrine/worker/metrics';

const docs = (name: string) => readFileSync(fileURLToPath(new URL(`../../docs/${name}`, import.meta.url)), 'utf8');

describe('docs/grafana-dashboard.json and docs/alerts.yml', () => {
  const sql = createSql(inject('databaseUrl'), { max: 1 });
  afterAll(async () => {
    await sql.end();
  });

  it('use only series the api and the worker serve, and operations.md names each of them', async () => {
    collectProcessMetrics('test');
    const worker = measureWorker({}, sql);
    const served = new Set((await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name));
    worker.stop();
    const used = (text: string) =>
      new Set([...text.matchAll(/\bvitrine_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')));
    const dashboard = used(docs('grafana-dashboard.json'));
    const alerts = used(docs('alerts.yml'));
    expect(dashboard.size).toBeGreaterThan(10);
    expect(alerts.size).toBeGreaterThan(3);
    for (const name of [...dashboard, ...alerts]) expect(served.has(name), name).toBe(true);
    const operations = docs('operations.md');
    for (const name of served)
      if (!name.startsWith('vitrine_process_') && !name.startsWith('vitrine_nodejs_'))
        expect(operations, name).toContain(`\`${name}\``);
  });
});
