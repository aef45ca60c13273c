/**
 * The server's device and replay procedures as the till calls them (docs/API.md, Offline
 * till), and the wire shapes it keeps on the device. The sync takes this interface, so
 * its tests give it a fake server.
 */
import type { MoneyWire, PercentWire } from '@pos/contracts';
import type { SubmitLineWire } from '../orders/order-lines';

/** A line of an offline sale: a submit's line without a saved line's id. */
export type OfflineSaleLineWire = Omit<SubmitLineWire, 'id'>;
export interface PaymentInputWire {
  paymentMethodId: number;
  amount: MoneyWire;
}

/** A payment method as the snapshot has it. */
export interface SnapshotMethod {
  id: number;
  name: string;
  isCash: boolean;
  requiresManagerApproval: boolean;
  offlineAllowed: boolean;
  vendorFeePercent: PercentWire;
  customerFeePercent: PercentWire;
  customerFeeAmount: MoneyWire;
  minimumAmount: MoneyWire;
}

/** /device/snapshot: what the till sells with when the network is gone. */
export interface DeviceSnapshotWire {
  generatedAt: string;
  store: {
    name: string;
    timeZone: string;
    orderPrefix: string;
    taxes: {
      tax1ShortName: string;
      tax1Percent: PercentWire;
      tax1Enabled: boolean;
      tax1ApplyByDefault: boolean;
      tax2ShortName: string;
      tax2Percent: PercentWire;
      tax2Enabled: boolean;
      tax2ApplyByDefault: boolean;
      tax3ShortName: string;
      tax3Percent: PercentWire;
      tax3Enabled: boolean;
      tax3ApplyByDefault: boolean;
    };
    limits: { offlineMaxSales: number; offlineMaxTotal: MoneyWire; offlineMaxHours: number };
  };
  paymentMethods: SnapshotMethod[];
  itemCodes: { code: string; vendorId: number | null; vendorName: string; booth: string }[];
  items: { itemNumber: string; itemCode: string; description: string; price: MoneyWire }[];
  cashier: { userId: number; name: string };
}

export interface ReplayWire {
  deviceId: string;
  clientId: string;
  orderNumber: string;
  soldAt: string;
  customerName: string;
  items: OfflineSaleLineWire[];
  payments: PaymentInputWire[];
  idempotencyKey: string;
}

export type ReplayAnswer = { status: 'COMPLETED' } | { status: 'NEEDS_ATTENTION'; reason: string };

export interface DeviceApi {
  register(input: { deviceId: string; name: string }): Promise<unknown>;
  reserveNumbers(input: { deviceId: string; idempotencyKey: string }): Promise<{ numbers: string[] }>;
  report(input: { deviceId: string; pending: number; oldestPendingAt: string | null; skippedNumbers: string[] }): Promise<unknown>;
  snapshot(): Promise<DeviceSnapshotWire>;
  replay(input: ReplayWire): Promise<ReplayAnswer>;
  /** Whether the server answers at all (GET /health). */
  reachable(): Promise<boolean>;
}
