// parse-prometheus-text-format ships no types; this is its output (prom2json's shape), values as strings.
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    labels?: Record<string, string>;
    /** Counters, gauges, untyped. */
    value?: string;
    /** Histograms: cumulative counts by upper bound (`le`), and the count and sum. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  /** Throws on a line that is not valid text format. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
