/** /YX_FILE-PREVIEW_APP/index.html#?fileUuid=&fileName= : the query lives in the hash, read in the browser. */
import { useEffect, useState } from 'react';
import FilePreview from '../components/pages/FilePreview';
import { preview } from '../locales/zh-CN';

export default function HashFilePreview() {
  const [params, setParams] = useState<URLSearchParams | null>(null);
  useEffect(() => {
    const read = () => setParams(new URLSearchParams(window.location.hash.replace(/^#\??/, '')));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  if (!params) return <p>{preview.loading}</p>;
  return (
    <FilePreview
      key={params.get('fileUuid') ?? ''}
      fileUuid={params.get('fileUuid')}
      fileName={params.get('fileName') ?? ''}
      access={null}
    />
  );
}
