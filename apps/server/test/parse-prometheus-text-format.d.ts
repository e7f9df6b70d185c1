/** The independent Prometheus text parser the metrics test reads /metrics with (it ships no types). */
declare module 'parse-prometheus-text-format' {
  const parsePrometheusTextFormat: (text: string) => unknown[];
  export default parsePrometheusTextFormat;
}
