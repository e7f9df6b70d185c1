/**
 * The 新线索 badge of the menu: new leads nobody has opened yet or nobody owns. Counted again every minute,
 * when the page changes and when a lead is opened, assigned or moved in this console.
 */
import { useEffect, useState } from 'react';
import { announceLeadsChanged, onLeadsChanged } from '../services/lead-events';
import { leadBadgeCount } from '../services/leads';

const EVERY_MS = 60_000;

export const useLeadBadge = (enabled: boolean, pathname: string) => {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const refresh = () =>
      leadBadgeCount().then(
        (n) => live && setCount(n),
        () => undefined,
      );
    refresh();
    const timer = window.setInterval(refresh, EVERY_MS);
    const off = onLeadsChanged(refresh);
    return () => {
      live = false;
      window.clearInterval(timer);
      off();
    };
  }, [enabled]);
  // Moving to another page counts again (the badge may be minutes old).
  useEffect(() => {
    if (enabled && pathname) announceLeadsChanged();
  }, [enabled, pathname]);
  return enabled ? count : 0;
};
