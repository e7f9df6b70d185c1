/**
 * A record edited whole and saved with the version it was loaded with (site settings, the home layout, the
 * top menu): loaded once, then replaced by each save's answer (`keep`), and shown through `show` (the form's
 * values, the table's rows). A failed load leaves `loaded` null: the request layer has said why.
 */
import { useCallback, useEffect, useState } from 'react';

export const useLoadedRecord = <R>(load: () => Promise<R>, show: (record: R) => void) => {
  const [loaded, setLoaded] = useState<R | null>(null);
  const keep = useCallback(
    (record: R) => {
      setLoaded(record);
      show(record);
    },
    [show],
  );
  useEffect(() => {
    load()
      .then(keep)
      .catch(() => undefined);
  }, [load, keep]);
  return { loaded, keep };
};
