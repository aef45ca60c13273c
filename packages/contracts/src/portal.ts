/**
 * The vendor portal (docs/API.md, Vendor portal): invitations made by the store, their
 * acceptance, and what a vendor reads of their own booth. Every portal call takes the
 * vendor from the caller's VENDOR assignment, never from the request.
 */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, zEmail, zUsername } from './auth';
import { ZEditItemInput, ZItem, ZListItemsInput, ZWithdrawItemsInput } from './item';
import { own, requiredMessage } from './messages';
import { ZPayout, ZStatementOutput, zDay } from './settlement';
import { zDateOut, zId, zIdOut, zMoneyOut, zPaging, zPercentOut, zString } from './wire';

// ---- invitations ------------------------------------------------------------------

export const ZInviteInput = z.object({ vendorId: zId, email: zEmail });
export const ZInviteOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  inviteId: zIdOut,
  /** The link to hand to the vendor: its last path segment is the token. */
  inviteUrl: z.string(),
  expiresAt: zDateOut,
});

export const ZInviteRevokeInput = z.object({ inviteId: zId });
export const ZPortalAccessInput = z.object({ vendorId: zId });
export const ZPortalAccessRevokeInput = z.object({ vendorId: zId, userId: zId });

export const ZPortalAccessOutput = z.object({
  success: z.boolean(),
  vendorId: zIdOut,
  /** Who holds the vendor's VENDOR assignment. */
  people: z.array(z.object({ userId: zIdOut, username: z.string(), email: z.string(), since: zDateOut })),
  /** Invitations neither accepted, revoked nor expired. */
  invites: z.array(z.object({ inviteId: zIdOut, email: z.string(), createdAt: zDateOut, expiresAt: zDateOut, createdBy: z.string() })),
});

const zToken = zString('Invitation').trim().min(1, requiredMessage('Invitation')).max(200, own('Invitation is not valid'));

/**
 * Accepting an invitation: a new account (username, email, password), or an existing
 * one's credentials (usernameOrEmail, password).
 */
export const ZAcceptInviteInput = z
  .object({
    token: zToken,
    username: zUsername.optional(),
    email: zEmail.optional(),
    usernameOrEmail: zString('Username or e-mail').trim().max(254, own('Username or e-mail must be at most 254 characters')).optional(),
    password: zString('Password').min(1, requiredMessage('Password')).max(200, own('Password must be at most 200 characters')),
  })
  .superRefine((v, ctx) => {
    if (v.usernameOrEmail !== undefined && v.usernameOrEmail !== '') return;
    if (v.username === undefined) ctx.addIssue({ code: 'custom', path: ['username'], message: own(requiredMessage('Username')) });
    if (v.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: own(requiredMessage('Email')) });
    if (v.password.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: 'custom', path: ['password'], message: own(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`) });
  });
export type AcceptInviteInput = z.output<typeof ZAcceptInviteInput>;

// ---- what a vendor reads ------------------------------------------------------------

const zFigures = z.object({ lines: zIdOut, sales: zMoneyOut, net: zMoneyOut });

export const ZPortalSummaryOutput = z.object({
  success: z.boolean(),
  vendorId: zIdOut,
  tradeName: z.string(),
  storeName: z.string(),
  /** What the store owes the vendor over all their accounts (below zero: what the vendor owes). */
  balance: zMoneyOut,
  balanceWords: z.string(),
  accounts: z.array(z.object({ itemCodeId: zIdOut.nullable(), tag: z.string().nullable(), balance: zMoneyOut })),
  today: z.string(),
  month: z.string(),
  /** Lines sold less refunded, their totals and what they earned the vendor. */
  salesToday: zFigures,
  salesMonth: zFigures,
  lastPayout: ZPayout.nullable(),
  /** The rent the vendor pays next (null when no account pays rent) and the day it posts at the earliest. */
  nextRent: z.object({ amount: zMoneyOut, month: z.string(), postsOn: z.string() }).nullable(),
});

const zPortalAccount = zId.nullable().optional();

export const ZPortalSalesInput = z
  .object({
    from: zDay('From').optional(),
    to: zDay('To').optional(),
    /** One separate-statement account (its item code); absent or null: all the vendor's accounts. */
    itemCodeId: zPortalAccount,
    ...zPaging(200, 50),
  })
  .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { path: ['to'], message: own('To must not be before From') });
export type PortalSalesInput = z.output<typeof ZPortalSalesInput>;

export const ZPortalSaleLine = z.object({
  /** The sale's (or refund's) moment, and its day in the store's time zone. */
  date: zDateOut,
  day: z.string(),
  orderNumber: z.string(),
  /** Set on a refund's row: the refund, whose negative amounts undo part of the sale `orderNumber`. */
  refundNumber: z.string().nullable(),
  itemNumber: z.string().nullable(),
  itemCode: z.string().nullable(),
  description: z.string(),
  quantity: zIdOut,
  price: zMoneyOut,
  discountPercent: zPercentOut,
  lineTotal: zMoneyOut,
  commission: zMoneyOut,
  cardFee: zMoneyOut,
  net: zMoneyOut,
});
export type PortalSaleLine = z.output<typeof ZPortalSaleLine>;

const zLineTotals = z.object({ lineTotal: zMoneyOut, commission: zMoneyOut, cardFee: zMoneyOut, net: zMoneyOut });

export const ZPortalSalesOutput = z.object({
  success: z.boolean(),
  from: z.string(),
  to: z.string(),
  lines: z.array(ZPortalSaleLine),
  /** Σ over every line of the period (not only this page): `net` is what they changed the balance by. */
  totals: zLineTotals,
  totalLines: zIdOut,
  /** The balance now over the accounts shown, to set beside the totals. */
  balance: zMoneyOut,
});

export const ZPortalStatementInput = z
  .object({
    from: zDay('From').optional(),
    to: zDay('To').optional(),
    /** A separate-statement account; absent or null: the vendor's main account. */
    itemCodeId: zPortalAccount,
  })
  .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { path: ['to'], message: own('To must not be before From') });
export const ZPortalStatementOutput = ZStatementOutput;

export const ZPortalPayoutsInput = z.object({ ...zPaging(100, 50) }).optional();
export const ZPortalPayoutsOutput = z.object({
  success: z.boolean(),
  payouts: z.array(ZPayout.extend({ tag: z.string().nullable() })),
  total: zIdOut,
});

// ---- the vendor's own items ---------------------------------------------------------

/** As /item/list, without a vendor (always the caller's) and without the store's request filter. */
export const ZPortalItemsInput = ZListItemsInput.omit({ vendorId: true, withdrawRequested: true });
export type PortalItemsInput = z.output<typeof ZPortalItemsInput>;

export const ZPortalItem = ZItem.extend({
  /** Days from intake to today, or to the day it left the floor (sold or withdrawn). */
  daysOnFloor: z.number().int(),
});
export type PortalItem = z.output<typeof ZPortalItem>;

export const ZPortalItemsOutput = z.object({
  success: z.boolean(),
  items: z.array(ZPortalItem),
  /** The `after` of the next page; null on the last. */
  next: zIdOut.nullable(),
  /** The vendor's live item codes: the only codes their intake may name. */
  codes: z.array(z.object({ id: zIdOut, tag: z.string() })),
});

/** A vendor changes only the description or the price of an active item of theirs. */
export const ZPortalEditItemInput = ZEditItemInput.pick({ itemId: true, description: true, price: true });
export type PortalEditItemInput = z.output<typeof ZPortalEditItemInput>;

/** Active items of the vendor's to take back; a manager confirms on the store's item screen. */
export const ZWithdrawRequestInput = ZWithdrawItemsInput;
