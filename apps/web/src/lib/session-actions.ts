/**
 * Session changes that also touch the query cache: login, role switch, logout.
 */
import { queryClient } from './query-client';
import { session, type LoginResult, type RoleAssignment } from './session';

export function startSession(result: LoginResult): void {
  queryClient.clear();
  session.save(result);
}

/** Every answer depends on the role: drop cached ones so screens refetch at once. */
export function switchRole(role: RoleAssignment): void {
  session.setCurrentRole(role);
  void queryClient.resetQueries();
}

/**
 * Clears the stored session, leaves for the login page, and only then drops cached
 * answers: dropping them while a screen is still mounted would make it ask again,
 * without a token.
 */
export async function endSession(leave: () => Promise<void>): Promise<void> {
  session.clear();
  try {
    await leave();
  } finally {
    queryClient.clear();
  }
}
