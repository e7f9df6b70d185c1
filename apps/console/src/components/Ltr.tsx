import type { ReactNode } from 'react';

/**
 * Left-to-right text inside a right-to-left page: dates ("2026-09-14 08:00:00"), phone numbers and
 * amounts would otherwise be reordered around their spaces and dashes in Arabic or Hebrew.
 */
export const Ltr = ({ children }: { children: ReactNode }) => <span dir="ltr">{children}</span>;
