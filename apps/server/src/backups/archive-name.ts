/** Names of archives: yuexun-backup-20261127-031900.tar.gz, .tar.gz.enc when encrypted (UTC time). */
export const archiveFileName = (at: Date, encrypted: boolean) => {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `yuexun-backup-${stamp}${encrypted ? '.tar.gz.enc' : '.tar.gz'}`;
};

export const ARCHIVE_NAME = /^yuexun-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz(\.enc)?$/;
