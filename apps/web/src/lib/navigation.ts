/** Where to go after login: a remembered same-origin path, never another site. */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  if (target === '/' || target.startsWith('/?')) return DEFAULT_AFTER_LOGIN;
  return target;
}

/** The pause between a successful login and the redirect. */
export const LOGIN_REDIRECT_DELAY_MS = 100;
