import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';

/**
 * One scrape of GET /metrics, parsed by parse-prometheus-text-format, which throws on any line
 * that is not valid text format. That parser folds every series of a labelled histogram into one
 * and drops their labels, `_count` and `_sum` (its issue #13); so the samples are read from a
 * second parse in which histograms are declared untyped, where each `_bucket`, `_count` and `_sum`
 * line keeps its labels.
 */
export class Scrape {
  private readonly families: Map<string, PrometheusFamily>;
  private readonly series: Map<string, PrometheusSample[]>;

  constructor(readonly text: string) {
    this.families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
    const untyped = text.replace(/^# TYPE (\S+) (histogram|summary)$/gm, '# TYPE $1 untyped');
    this.series = new Map();
    // Each series of a histogram writes its `_bucket`, `_sum` and `_count` lines in turn: a name comes back once per series.
    for (const f of parsePrometheusTextFormat(untyped)) this.series.set(f.name, [...(this.series.get(f.name) ?? []), ...f.metrics]);
  }

  family(name: string): PrometheusFamily {
    const f = this.families.get(name);
    if (!f) throw new Error(`no metric ${name} in the scrape`);
    return f;
  }

  /** The samples named `name` (a histogram's: `<name>_count`, …) whose labels include every one of `labels`. */
  samples(name: string, labels: Record<string, string> = {}): PrometheusSample[] {
    const found = this.series.get(name);
    if (!found) throw new Error(`no samples of ${name} in the scrape`);
    return found.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  }

  /** The value of the one sample with these labels (0 when the series has none yet). */
  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.samples(name, labels);
    if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
    return found[0] ? Number(found[0].value) : 0;
  }

  /** A histogram's observations with these labels, summed over the series that match. */
  count(name: string, labels: Record<string, string> = {}): number {
    if (this.family(name).type !== 'HISTOGRAM') throw new Error(`${name} is no histogram`);
    return this.samples(`${name}_count`, labels).reduce((n, m) => n + Number(m.value), 0);
  }
}

/** Scrapes and parses the app's /metrics (in process, `app.request`); throws unless it answered 200 in the text format. */
export async function scrape(target: { request(path: string, init?: RequestInit): Response | Promise<Response> }, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await target.request('/metrics', { headers });
  const text = await res.text();
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/plain')) throw new Error(`/metrics answered ${res.status}: ${text.slice(0, 200)}`);
  return new Scrape(text);
}
