/**
 * The receipt of a completed order (receipt-model.ts says what it holds) and its
 * printing: Print lays a copy out in a layer of its own, sizes the printed page to the
 * paper (receipt-print.ts), prints, and takes the layer away once the browser has printed
 * (afterprint).
 */
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Order } from '@pos/contracts';
import { receiptModel, type ReceiptModel, type ReceiptRow, type ReceiptStore } from './receipt-model';
import { receiptPageRule, type ReceiptPaper } from './receipt-print';
import classes from './receipt.module.css';

export interface ReceiptProps {
  order: Order;
  store: ReceiptStore;
  paper: ReceiptPaper;
}

function Rows({ rows, className, testId }: { rows: readonly ReceiptRow[]; className?: (row: ReceiptRow) => string | undefined; testId: string }) {
  return (
    <>
      {rows.map((row) => (
        <tr key={row.label} className={className?.(row)} data-testid={testId} data-label={row.label} data-summary={row.key}>
          <th scope="row">{row.label}</th>
          <td data-testid={row.key ? `summary-${row.key}` : undefined}>{row.value}</td>
        </tr>
      ))}
    </>
  );
}

export function Receipt({ order, store, paper }: ReceiptProps) {
  return <ReceiptSheet receipt={receiptModel(order, store)} paper={paper} />;
}

/** A receipt laid out from its model (a stored order's, or an offline sale's). */
export function ReceiptSheet({ receipt: r, paper }: { receipt: ReceiptModel; paper: ReceiptPaper }) {
  return (
    <article className={classes.receipt} data-paper={paper} aria-label={`Receipt for order ${r.orderNumber}`} data-testid="receipt">
      <header className={classes.store}>
        <p className={classes.storeName} data-testid="receipt-store">
          {r.storeName}
        </p>
        {r.addressLines.length > 0 ? (
          <address className={classes.address} data-testid="receipt-address">
            {r.addressLines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </address>
        ) : null}
      </header>
      {r.offline ? (
        <p className={classes.offline} data-testid="receipt-offline">
          OFFLINE SALE
        </p>
      ) : null}
      <dl className={classes.meta}>
        <dt>Order</dt>
        <dd data-testid="receipt-number">{r.orderNumber}</dd>
        <dt>Date</dt>
        <dd data-testid="receipt-date">{r.date}</dd>
        {r.customerName ? (
          <>
            <dt>Customer</dt>
            <dd>{r.customerName}</dd>
          </>
        ) : null}
      </dl>
      <hr className={classes.rule} />
      <table className={classes.table} aria-label="Items">
        <tbody>
          {r.lines.map((line) => (
            <Fragment key={line.id}>
              <tr data-testid="receipt-line">
                <td>{line.text}</td>
                <td>{line.total}</td>
              </tr>
              {line.details.map((detail) => (
                <tr key={detail} className={classes.detail} data-testid="receipt-line-detail">
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
          <Rows rows={r.totals} testId="receipt-total" className={(row) => (row.label === 'Total' ? classes.big : undefined)} />
        </tbody>
      </table>
      {r.payments.length > 0 ? (
        <>
          <hr className={classes.rule} />
          <table className={classes.table} aria-label="Payments">
            <tbody>
              <Rows rows={r.payments} testId="receipt-payment" />
              <Rows rows={r.settlement} testId="receipt-settlement" className={(row) => (row.label === 'Change' ? classes.big : row.label === 'Amount paid' ? classes.strong : undefined)} />
            </tbody>
          </table>
        </>
      ) : null}
      {r.approvedBy ? <p className={classes.footer}>Approved by {r.approvedBy}</p> : null}
      <p className={classes.footer}>Thank you!</p>
    </article>
  );
}

/**
 * Print for one receipt: `print(paper)` lays the receipt out in the print layer, sizes the
 * page to it and opens the browser's print; the layer goes once the browser has printed.
 */
export function useReceiptPrint(order: Order, store: ReceiptStore) {
  return usePrintLayer((paper) => <Receipt order={order} store={store} paper={paper} />);
}

/**
 * Print for any sheet laid out as a receipt (a sale's, a refund's): `print(paper)` lays
 * `render(paper)` out in the print layer, sizes the page to it and opens the browser's
 * print; the layer goes once the browser has printed.
 */
export function usePrintLayer(render: (paper: ReceiptPaper) => ReactNode) {
  const [printing, setPrinting] = useState<{ paper: ReceiptPaper; id: number } | null>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const styleRef = useRef<HTMLStyleElement>(null);
  const printed = useRef(0);

  useEffect(() => {
    if (printing === null) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done);
    // Once per press, even where effects run twice.
    if (printed.current !== printing.id) {
      printed.current = printing.id;
      const height = layerRef.current?.getBoundingClientRect().height ?? 0;
      if (styleRef.current) styleRef.current.textContent = receiptPageRule(printing.paper, height);
      window.print();
    }
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const print = useCallback((paper: ReceiptPaper) => setPrinting((p) => ({ paper, id: (p?.id ?? printed.current) + 1 })), []);
  const layer =
    printing === null
      ? null
      : createPortal(
          <div className={classes.printLayer} data-receipt-print="" ref={layerRef} aria-hidden="true">
            <style ref={styleRef} />
            {render(printing.paper)}
          </div>,
          document.body,
        );
  return { print, layer };
}
