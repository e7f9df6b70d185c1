/**
 * First-party attribution (issue #16): the layout's inline script keeps the first page of the
 * visit and its referrer in sessionStorage (this tab only, gone when it closes; no cookie, no
 * third-party script); the lead form sends them with the lead. Without JavaScript the server
 * takes the form page from the Referer header instead.
 */
export const VISIT_STORAGE_KEY = 'yx-visit';

export interface Visit {
  landingPage: string;
  referrer: string;
}

/** The stored visit, or null (storage blocked, nothing stored, or garbage). */
export const readVisit = (): Visit | null => {
  try {
    const raw = JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY) ?? 'null') as {
      l?: unknown;
      r?: unknown;
    };
    if (!raw || typeof raw.l !== 'string') return null;
    return {
      landingPage: raw.l.slice(0, 500),
      referrer: typeof raw.r === 'string' ? raw.r.slice(0, 500) : '',
    };
  } catch {
    return null;
  }
};
