/** Display formats shared by the site and the console, so one file reads the same size everywhere. */

/** File sizes as people read them: 860 B, 23.4 KB, 1.2 MB (1024-based, as Windows shows them). */
export const formatFileSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};
