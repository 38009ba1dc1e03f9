// Summaries of repeated measurements: the issue reports the median of the runs with min and max.

export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Median, min and max of the runs. */
export function summarize(values) {
  const finite = values.filter(Number.isFinite);
  return {
    median: median(finite),
    min: finite.length ? Math.min(...finite) : Number.NaN,
    max: finite.length ? Math.max(...finite) : Number.NaN,
    runs: finite.length,
  };
}

/** Numbers as the table shows them: 3 significant digits, thousands kept whole. */
export function fmt(n, digits = 3) {
  if (n === undefined || n === null || Number.isNaN(n)) return '–';
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 1000) return Math.round(n).toLocaleString('en-US');
  if (abs === 0) return '0';
  return Number(n.toPrecision(digits)).toString();
}
