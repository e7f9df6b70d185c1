/** Every link of the site goes through here, so BASE_PATH moves the whole site without a rebuild. */
export const href = (basePath: string, path: string) => `${basePath}${path.replace(/^\/+/, '')}`;

/** Site paths of the article-detail routes (spec §2), picked by the article's section. */
export const articlePath = (kind: string, id: number) => {
  switch (kind) {
    case 'news':
      return `/news/detail/${id}`;
    case 'case':
      return `/demonstrationCase/detail/${id}`;
    case 'solution':
      return `/solution/produceService/detail/${id}`;
    default:
      return `/detail/${id}`;
  }
};

export const LOGIN_PATH = '/home/2.0/login/';
export const fileViewUrl = (fileUuid: string) =>
  `/fs/api/v1.0/viewPic.file?fileUuid=${encodeURIComponent(fileUuid)}`;
export const fileDownloadUrl = (fileUuid: string, fileName: string) =>
  `/fs/api/v1.0/downloadFile.file?fileUuid=${encodeURIComponent(fileUuid)}&filename=${encodeURIComponent(fileName)}`;
