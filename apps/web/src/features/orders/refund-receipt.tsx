/**
 * A refund's receipt, laid out and printed like a sale's (receipt.module.css, the same
 * print layer and the till's chosen paper): shown in a dialog once a refund is made, and
 * again from the order's list of refunds.
 */
import { Fragment } from 'react';
import { Box, Button, Group, Modal, Paper, Stack } from '@mantine/core';
import type { Order, Refund } from '@pos/contracts';
import { usePrintLayer } from './receipt';
import type { ReceiptStore } from './receipt-model';
import { loadPaper, type ReceiptPaper } from './receipt-print';
import { refundReceiptModel } from './refund-receipt-model';
import classes from './receipt.module.css';

function localStore() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function RefundReceipt({ order, refund, store, paper }: { order: Order; refund: Refund; store: ReceiptStore; paper: ReceiptPaper }) {
  const r = refundReceiptModel(order, refund, store);
  return (
    <article className={classes.receipt} data-paper={paper} aria-label={`Receipt for refund ${r.refundNumber}`} data-testid="refund-receipt">
      <header className={classes.store}>
        <p className={classes.storeName}>{r.storeName}</p>
        {r.addressLines.length > 0 ? (
          <address className={classes.address}>
            {r.addressLines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </address>
        ) : null}
        <p className={classes.storeName}>REFUND</p>
      </header>
      <dl className={classes.meta}>
        <dt>Refund</dt>
        <dd data-testid="refund-receipt-number">{r.refundNumber}</dd>
        <dt>Order</dt>
        <dd>{r.orderNumber}</dd>
        <dt>Date</dt>
        <dd>{r.date}</dd>
        {r.customerName ? (
          <>
            <dt>Customer</dt>
            <dd>{r.customerName}</dd>
          </>
        ) : null}
      </dl>
      <hr className={classes.rule} />
      <table className={classes.table} aria-label="Items refunded">
        <tbody>
          {r.lines.map((line) => (
            <Fragment key={line.id}>
              <tr data-testid="refund-receipt-line">
                <td>{line.text}</td>
                <td>{line.total}</td>
              </tr>
              {line.details.map((detail) => (
                <tr key={detail} className={classes.detail}>
                  <td colSpan={2}>{detail}</td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
      <hr className={classes.rule} />
      <table className={classes.table} aria-label="Totals">
        <tbody>
          {r.totals.map((row) => (
            <tr key={row.label} className={row.key === 'total' ? classes.big : undefined} data-testid="refund-receipt-total" data-label={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.payments.length > 0 ? (
        <>
          <hr className={classes.rule} />
          <table className={classes.table} aria-label="Paid back">
            <tbody>
              {r.payments.map((row) => (
                <tr key={row.label} data-testid="refund-receipt-payment">
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <hr className={classes.rule} />
      <p>Reason: {r.reason}</p>
      <p className={classes.footer}>{r.by}</p>
    </article>
  );
}

/** The receipt of `refund` in a dialog, at the till's paper, with Print. */
export function RefundReceiptDialog({ order, refund, store, onClose }: { order: Order; refund: Refund | null; store: ReceiptStore; onClose: () => void }) {
  // The paper the till chose for receipts (Receipt paper, beside the sale's receipt).
  const paper = loadPaper(localStore());
  const { print, layer } = usePrintLayer((p) => (refund ? <RefundReceipt order={order} refund={refund} store={store} paper={p} /> : null));
  return (
    <Modal opened={refund !== null} onClose={onClose} title={refund ? `Receipt of refund ${refund.number}` : 'Refund receipt'} size="auto" centered>
      {refund ? (
        <Stack gap="md">
          <Box bg="gray.1" p="md" style={{ borderRadius: 'var(--mantine-radius-md)', display: 'flex', justifyContent: 'center', overflowX: 'auto' }}>
            <Paper shadow="sm" radius={0}>
              <RefundReceipt order={order} refund={refund} store={store} paper={paper} />
            </Paper>
          </Box>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => print(paper)} data-autofocus>
              Print Refund Receipt
            </Button>
          </Group>
        </Stack>
      ) : null}
      {layer}
    </Modal>
  );
}
