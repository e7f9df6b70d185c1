/** Share on detail pages: the wrapper's share, the Web Share API, or copying the link. */
import { useState } from 'react';
import { share } from '../lib/bridge';
import { share as words } from '../locales/zh-CN';

export default function ShareButton({ url, title }: { url: string; title: string }) {
  const [note, setNote] = useState('');
  return (
    <p className="share">
      <button
        type="button"
        className="button button-ghost"
        onClick={async () => {
          const outcome = await share({ title, url });
          setNote(outcome === 'copied' ? words.copied : outcome === 'failed' ? url : '');
        }}
      >
        {words.share}
      </button>
      <span role="status">{note}</span>
    </p>
  );
}
