/**
 * First-party attribution (issue #16) and the 访问轨迹 (issue 33, decision 054): the layout's inline script keeps
 * the first page of the visit, its referrer and a random visit id in sessionStorage (this tab only, gone when
 * it closes), and a random browser id in localStorage (replaced after 30 days unused); no cookie, no
 * third-party script. The beacon and the lead forms send them to this site only. Without JavaScript the server
 * takes the form page from the Referer header instead, and the lead has no timeline.
 */
import { BROWSER_STORAGE_KEY, VISIT_ID_PATTERN, VISIT_STORAGE_KEY } from '@yuexun/contract';

export { BROWSER_STORAGE_KEY, VISIT_STORAGE_KEY };

export interface Visit {
  landingPage: string;
  referrer: string;
  visitId?: string;
  browserId?: string;
}

const idOf = (value: unknown) =>
  typeof value === 'string' && VISIT_ID_PATTERN.test(value) ? value : undefined;

/** The stored visit, or null (storage blocked, nothing stored, or garbage). */
export const readVisit = (): Visit | null => {
  try {
    const raw = JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY) ?? 'null') as {
      l?: unknown;
      r?: unknown;
      i?: unknown;
    };
    if (!raw || typeof raw.l !== 'string') return null;
    let browserId: string | undefined;
    try {
      browserId = idOf(
        (JSON.parse(localStorage.getItem(BROWSER_STORAGE_KEY) ?? 'null') as { i?: unknown })?.i,
      );
    } catch {
      browserId = undefined;
    }
    return {
      landingPage: raw.l.slice(0, 500),
      referrer: typeof raw.r === 'string' ? raw.r.slice(0, 500) : '',
      ...(idOf(raw.i) && { visitId: idOf(raw.i) }),
      ...(browserId && { browserId }),
    };
  } catch {
    return null;
  }
};
