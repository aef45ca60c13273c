/**
 * The stored session after the server changed the caller's assignments (a store left, a
 * store added): the roles it answered are kept, and the current role is `prefer` when
 * given and held, else the current one when still held, else the first one left; every
 * screen refetches when the current role changes.
 */
import { sameAssignment, session, type RoleAssignment } from '../../lib/session';
import { switchRole } from '../../lib/session-actions';

export function keepRoles(roles: RoleAssignment[], prefer?: (role: RoleAssignment) => boolean) {
  const stored = session.get();
  if (!stored.token || !stored.userId || stored.username === null || stored.email === null) return;
  session.save({ token: stored.token, userId: stored.userId, username: stored.username, email: stored.email, roles });
  const preferred = prefer ? roles.find(prefer) : undefined;
  if (preferred) return switchRole(preferred);
  const kept = roles.find((r) => sameAssignment(r, stored.currentRole));
  if (kept) return session.setCurrentRole(kept);
  const first = session.get().currentRole;
  if (first) switchRole(first);
}
