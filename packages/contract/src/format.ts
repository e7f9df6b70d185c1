/** Display formats shared by the site and the console, so one file reads the same size everywhere. */

/**
 * File sizes as people read them: 860 B, 23.4 KB, 1.2 MB, 3.5 GB (1024-based, as Windows shows them). GB is
 * for backup archives, which hold every file of the site.
 */
export const formatFileSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
};

/** Fen as people read money: 720050 → "¥7,200.50" (thousands grouped, always two decimals, no floats). */
export const formatYuan = (fen: number) => {
  const abs = Math.abs(fen);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fen < 0 ? '-' : ''}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
};
