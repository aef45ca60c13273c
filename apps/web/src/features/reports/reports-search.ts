/**
 * /reports?tab=vendors opens that tab (a dashboard card's link); the Sales tab otherwise.
 * Kept apart from the page so the route reads it without loading the reports.
 */
export const REPORTS_TABS = ['sales', 'vendors', 'endOfDay'] as const;
export type ReportsTab = (typeof REPORTS_TABS)[number];

export interface ReportsSearch {
  tab?: ReportsTab;
}

export function readReportsSearch(raw: Record<string, unknown>): ReportsSearch {
  return (REPORTS_TABS as readonly unknown[]).includes(raw.tab) ? { tab: raw.tab as ReportsTab } : {};
}
