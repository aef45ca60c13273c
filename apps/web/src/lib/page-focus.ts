/**
 * Where focus goes when the page changes: to the new page's heading (its h1 takes focus
 * with tabIndex -1), so a keyboard or screen-reader user goes on reading the new page
 * instead of starting again at the top of the document or from a button that is gone.
 * The heading takes focus after the router moved to another path, and when a screen
 * swaps its content in place (a list replaced by a form) and focus was lost with the
 * old content; never on the first page load, where the browser starts at the top.
 */

interface NavigationInfo {
  fromLocation?: unknown;
  pathChanged: boolean;
}

let navigated = false;
let mountedBefore = false;

/** The router's onBeforeNavigate: a move to another path asks the next heading to take focus. */
export function noteNavigation(info: NavigationInfo): void {
  if (info.fromLocation !== undefined && info.pathChanged) navigated = true;
}

/**
 * A page heading mounts: should it take focus? `active` is the focused element now
 * (the body when what had focus has just been removed).
 */
export function claimHeadingFocus(active: Element | null, body: Element | null): boolean {
  const lost = mountedBefore && (active === null || active === body);
  mountedBefore = true;
  if (!navigated && !lost) return false;
  navigated = false;
  return true;
}

/** For tests: back to a first page load. */
export function resetPageFocus(): void {
  navigated = false;
  mountedBefore = false;
}
