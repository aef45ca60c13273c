/**
 * The invitation to the vendor portal as the store hands it on: the product sends no
 * mail, so the store copies the link or opens its own mail program on a `mailto:` link
 * with the message written out.
 */

/** A `mailto:` link to `email` with the invitation's subject and body. */
export function inviteMailto(email: string, invite: { storeName: string; tradeName: string; inviteUrl: string; expiresOn: string }): string {
  const subject = `Your booth at ${invite.storeName}: the vendor portal`;
  const body = [
    `Hello,`,
    ``,
    `${invite.storeName} invites ${invite.tradeName} to the vendor portal: your balance, every sale with its split, your statements and payouts.`,
    ``,
    `Open this link to create your account (or sign in) and accept:`,
    invite.inviteUrl,
    ``,
    `The link works once and until ${invite.expiresOn}.`,
  ].join('\r\n');
  return `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
