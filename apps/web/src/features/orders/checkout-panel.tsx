/**
 * The payment panel Submit Order opens in the order's tab: the amount due, one row per
 * payment (its method, showing each method's fees and minimum; its amount, pre-filled
 * with what is left; its customer fee), the cash tendered and the change due in large
 * type, and Complete Sale, enabled only when the payments cover the total. Every figure
 * is the domain's planCheckout (checkout-state.ts), so the panel shows what the server
 * stores.
 *
 * Keyboard first (listed in order-shortcuts.tsx): F2 picks Cash and F3, F4, F6 to F9 the
 * other methods for the payment being edited; Enter completes the sale, or with part of
 * the total still to pay adds a payment for what is left; Alt+P adds a payment,
 * Ctrl+Delete removes one; Escape goes back to the lines.
 *
 * A method that needs a manager's approval asks for a manager's username and password
 * here, or leaves the order PENDING. A refusal shows the server's message and keeps
 * everything typed; a retry sends the same idempotency key, so nothing is charged twice.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import {
  Alert,
  Box,
  Button,
  Group,
  Kbd,
  Loader,
  Paper,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZSubmitOrderInput, type Order } from '@pos/contracts';
import { checkoutProblemMessage, formatMoney, includes, type OrderSummary } from '@pos/domain';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { requestResolver } from '../../lib/form-validation';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import {
  addPayment,
  amountDue,
  quickCashAmounts,
  setQuickCash,
  approvalMethods,
  attemptFor,
  canComplete,
  checkoutMethodsFrom,
  checkoutRequest,
  enterAction,
  methodForKey,
  methodKeys,
  previewCheckout,
  previewProblem,
  removePayment,
  reopenCheckout,
  setRowAmount,
  setRowMethod,
  tidyAmount,
  type CheckoutMethod,
  type CheckoutValues,
} from './checkout-state';
import type { OrderDraft } from './order-draft';
import { ApprovalFields } from './checkout-approval';
import { CheckoutFigures } from './checkout-figures';
import { PanelHeader } from './checkout-header';
import { PaymentRows } from './payment-rows';
import { newIdempotencyKey } from '../../lib/idempotency';
import classes from './checkout-panel.module.css';

export const SUBMIT_FAILED = 'Failed to submit order';
const ZCheckoutFields = ZSubmitOrderInput.pick({ payments: true, approval: true });

/** Where the schema's message for a request field is shown in the panel. */
function fieldOf(path: string): string | undefined {
  if (path.startsWith('approval.')) return path.slice('approval.'.length);
  const amount = /^payments\.(\d+)\.amount$/.exec(path);
  return amount ? `payments.${amount[1]}.amountText` : undefined;
}


export interface CheckoutPanelProps {
  draft: OrderDraft;
  summary: OrderSummary;
  taxLabels: readonly string[];
  onBack: () => void;
  onDone: (order: Order) => void;
}

export function CheckoutPanel(props: CheckoutPanelProps) {
  const { draft, summary, taxLabels, onBack } = props;
  const list = trpc.store.payment.list.useQuery(undefined, { staleTime: 60_000 });
  const methods = useMemo(() => (list.data ? checkoutMethodsFrom(list.data.paymentMethods) : null), [list.data]);
  const titleId = `checkout-title-${draft.orderId}`;

  let body;
  if (methods)
    body = (
      <Alert color="red" variant="light" role="alert">
        The store has no payment methods. A store manager adds them in Store Settings.
      </Alert>
    );
  else if (list.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Failed to load payment methods">
        <Button variant="light" size="xs" mt="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
          Load them again
        </Button>
      </Alert>
    );
  } else {
    body = (
      <Group gap="sm" aria-busy="true">
        <Loader size="sm" />
        <Text c="dimmed">Loading payment methods...</Text>
      </Group>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" mt="md" component="section" aria-labelledby={titleId} data-testid="checkout-panel" data-order-id={draft.orderId}>
      {methods && methods.length > 0 ? (
        <CheckoutForm {...props} methods={methods} titleId={titleId} />
      ) : (
        <>
          <PanelHeader titleId={titleId} summary={summary} taxLabels={taxLabels} due={summary.total} />
          <Group justify="flex-start" mb="sm">
            <Button variant="default" onClick={onBack}>
              Back to Lines
            </Button>
          </Group>
          {body}
        </>
      )}
    </Paper>
  );
}


function CheckoutForm({ draft, summary, taxLabels, onBack, onDone, methods, titleId }: CheckoutPanelProps & { methods: CheckoutMethod[]; titleId: string }) {
  const total = summary.total;
  const rootRef = useRef<HTMLDivElement>(null);
  const [start] = useState(() => reopenCheckout(draft.getCheckoutMemo(), total, methods));
  // A sale below zero or a negative line by STORE_STAFF moves money out: a manager approves it now (the lines are frozen meanwhile).
  const { currentRole } = useSession();
  const moneyOut = (currentRole === null || !includes(currentRole.role, 'STORE_MANAGER')) && draft.movesMoneyOut();
  const form = useForm<CheckoutValues>({
    initialValues: start.values,
    validate: requestResolver(ZCheckoutFields, (values: CheckoutValues) => checkoutRequest(values, methods, moneyOut), fieldOf),
    onValuesChange: (values) => draft.keepCheckoutMemo({ total, values, attempt: draft.getCheckoutMemo()?.attempt ?? null }),
  });
  useEffect(() => draft.keepCheckoutMemo(start), [draft, start]);

  const phase = useSyncExternalStore(draft.subscribe, draft.getPhase);
  const busy = phase === 'submitting';
  const [serverError, setServerError] = useState<string | null>(null);
  /** Rows whose amount box was left since it was typed in: their unreadable text is pointed at. */
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [pointAt, setPointAt] = useState(false);

  const values = form.values;
  const preview = useMemo(() => previewCheckout(total, values, methods), [total, values, methods]);
  const keys = useMemo(() => methodKeys(methods), [methods]);
  const approvals = approvalMethods(values, methods);
  const plan = preview.plan;
  const ready = canComplete(preview);
  const usesCash = plan.tenders.some((t) => t.method.isCash);

  const amountBox = useCallback((rowKey: string) => rootRef.current?.querySelector<HTMLInputElement>(`[data-payment-key="${rowKey}"] input[data-field="amount"]`) ?? null, []);
  const focusAmount = useCallback(
    (rowKey: string | undefined) => {
      if (!rowKey) return;
      const box = amountBox(rowKey);
      box?.focus();
      box?.select();
    },
    [amountBox],
  );

  // The panel opens on the first payment's amount, ready to be typed over (nothing to pay: on Complete Sale).
  const completeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const first = form.getValues().payments[0]?.key;
    if (first) focusAmount(first);
    else completeRef.current?.focus();
    // Only when the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The values with the amount being typed tidied, as leaving its box would. */
  const committed = useCallback((): CheckoutValues => {
    const current = form.getValues();
    const tidied = { ...current, payments: current.payments.map((row) => ({ ...row, amountText: tidyAmount(row.amountText) })) };
    if (tidied.payments.some((row, i) => row.amountText !== current.payments[i]?.amountText)) flushSync(() => form.setValues(tidied));
    return tidied;
  }, [form]);

  const update = useCallback(
    (next: CheckoutValues, focusKey?: string) => {
      flushSync(() => form.setValues(next));
      setServerError(null);
      if (focusKey) focusAmount(focusKey);
    },
    [form, focusAmount],
  );

  const complete = useCallback(async () => {
    if (draft.getPhase() !== 'checkout') return;
    const current = committed();
    const check = previewCheckout(total, current, methods);
    if (!canComplete(check)) {
      setPointAt(true);
      return;
    }
    const validation = form.validate();
    if (validation.hasErrors) {
      const first = Object.keys(validation.errors)[0];
      const input = first ? rootRef.current?.querySelector<HTMLInputElement>(`[data-path="${first}"]`) : null;
      input?.focus();
      return;
    }
    const request = checkoutRequest(current, methods, moneyOut);
    const attempt = attemptFor(draft.getCheckoutMemo()?.attempt ?? null, request, newIdempotencyKey);
    draft.keepCheckoutMemo({ total, values: current, attempt });
    setServerError(null);
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const result = await draft.submit({ ...request, idempotencyKey: attempt.key });
    if (result === null) return;
    if (result.ok) {
      draft.keepCheckoutMemo(null);
      onDone(result.order);
      return;
    }
    setServerError(errorMessage(result.error, SUBMIT_FAILED));
    // Back where the cashier was (the boxes were disabled meanwhile); a refused approval: the password, to type again.
    requestAnimationFrame(() => {
      const password = httpStatusOf(result.error) === 403 ? rootRef.current?.querySelector<HTMLInputElement>('input[name="password"]') : null;
      if (password) {
        password.focus();
        password.select();
      } else focused?.focus();
    });
  }, [committed, draft, form, methods, moneyOut, onDone, total]);

  const rowIndexOf = (target: EventTarget | null): number | null => {
    const key = target instanceof HTMLElement ? target.closest<HTMLElement>('[data-payment-key]')?.dataset.paymentKey : undefined;
    const index = form.getValues().payments.findIndex((row) => row.key === key);
    return index >= 0 ? index : null;
  };

  const onEnter = () => {
    const current = committed();
    const check = previewCheckout(total, current, methods);
    const action = enterAction(check);
    if (action.kind === 'complete') void complete();
    else if (action.kind === 'add') {
      const next = addPayment(current, total, methods);
      update(next, next.payments.at(-1)?.key);
    } else {
      setPointAt(true);
      focusAmount(action.row === null ? undefined : current.payments[action.row]?.key);
    }
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.isComposing || event.defaultPrevented) return;
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    const method = plain ? methodForKey(event.key, methods) : undefined;
    if (method) {
      event.preventDefault();
      if (busy) return;
      const current = committed();
      const index = rowIndexOf(event.target) ?? current.payments.length - 1;
      const row = current.payments[index];
      if (row) update(setRowMethod(current, index, method.id), row.key);
      return;
    }
    if (event.key === 'Escape' && plain) {
      event.preventDefault();
      if (!busy) onBack();
      return;
    }
    if (event.key === 'Enter' && !event.altKey && !event.shiftKey) {
      // A button's own Enter presses it.
      if (event.target instanceof HTMLButtonElement) return;
      event.preventDefault();
      if (!busy) onEnter();
      return;
    }
    if (busy) return;
    if (event.key === 'Delete' && (event.ctrlKey || event.metaKey) && !event.altKey) {
      const index = rowIndexOf(event.target);
      if (index === null) return;
      event.preventDefault();
      const current = committed();
      const next = removePayment(current, index);
      update(next, next.payments[Math.min(index, next.payments.length - 1)]?.key);
      return;
    }
    if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP') {
      event.preventDefault();
      const next = addPayment(committed(), total, methods);
      update(next, next.payments.at(-1)?.key);
    }
  };
  const onKeyRef = useRef(onKey);
  useEffect(() => {
    onKeyRef.current = onKey;
  });

  // The keys work wherever the focus is in the panel, or nowhere (after a click on the page),
  // while this tab is the one shown; a dialog over the page keeps its own keys.
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const root = rootRef.current;
      if (!root || root.offsetParent === null) return;
      const target = event.target;
      if (target !== document.body && !(target instanceof Node && root.contains(target))) return;
      onKeyRef.current(event);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const planProblem = previewProblem(preview);
  const problem =
    preview.unreadable !== null ? `Payment ${preview.unreadable + 1}: ${preview.rowErrors[preview.unreadable] ?? 'enter an amount'}` : planProblem ? checkoutProblemMessage(planProblem) : null;
  const uncovered = planProblem?.kind === 'UNCOVERED' && preview.unreadable === null;
  const problemRow = preview.unreadable ?? (planProblem && 'index' in planProblem ? planProblem.index : null);
  const pending = !moneyOut && approvals.length > 0 && values.approvalMode === 'pending';
  const due = amountDue(total, values, methods);
  const quick = methods.some((m) => m.isCash) ? quickCashAmounts(due) : [];

  const onQuickCash = (amount: bigint) => {
    const next = setQuickCash(committed(), methods, amount);
    update(next);
    setPointAt(false);
    completeRef.current?.focus();
  };

  return (
    <Box ref={rootRef}>
      <PanelHeader titleId={titleId} summary={summary} taxLabels={taxLabels} due={due} />
      <PaymentRows
        rows={values.payments}
        preview={preview}
        methods={methods}
        keys={keys}
        total={total}
        busy={busy}
        rowError={(index, rowKey) => {
          const parseError = left.has(rowKey) || pointAt ? preview.rowErrors[index] : null;
          return form.errors[`payments.${index}.amountText`] ?? parseError ?? (pointAt && problemRow === index && problem ? problem : null);
        }}
        onMethod={(index, methodId) => update(setRowMethod(form.getValues(), index, methodId))}
        onAmount={(index, rowKey, text) => {
          form.setValues(setRowAmount(form.getValues(), index, text));
          form.clearFieldError(`payments.${index}.amountText`);
          setServerError(null);
          setPointAt(false);
          if (left.has(rowKey)) setLeft((s) => new Set([...s].filter((k) => k !== rowKey)));
        }}
        onAmountLeft={(index, rowKey, typed) => {
          const tidy = tidyAmount(form.getValues().payments[index]?.amountText ?? '');
          if (tidy !== typed) form.setValues(setRowAmount(form.getValues(), index, tidy));
          setLeft((s) => new Set(s).add(rowKey));
        }}
        onRemove={(index) => {
          const next = removePayment(form.getValues(), index);
          update(next, next.payments[Math.min(index, next.payments.length - 1)]?.key);
        }}
      />

      {quick.length > 0 ? (
        <Group gap="xs" mt="xs" role="group" aria-label="Quick cash" data-testid="quick-cash">
          <Text size="sm" fw={600}>
            Quick cash
          </Text>
          {quick.map((amount, i) => (
            <Button key={String(amount)} variant="default" size="md" className={classes.quickCash} disabled={busy} onClick={() => onQuickCash(amount)} aria-label={i === 0 ? `Exact ${formatMoney(amount)} in cash` : `${formatMoney(amount)} in cash`}>
              {i === 0 ? `Exact ${formatMoney(amount)}` : formatMoney(amount)}
            </Button>
          ))}
        </Group>
      ) : null}

      <Group justify="space-between" wrap="wrap" gap="sm" mt="xs">
        <Button
          variant="light"
          size="md"
          disabled={busy}
          title="Add a payment (Alt+P)"
          onClick={() => {
            const next = addPayment(form.getValues(), total, methods);
            update(next, next.payments.at(-1)?.key);
          }}
        >
          Add Payment
        </Button>
        <Text size="xs" c="dimmed" data-testid="method-keys" className="keyboard-hint">
          {methods
            .filter((m) => keys.has(m.id))
            .map((m, i) => (
              <span key={m.id}>
                {i > 0 ? ' · ' : null}
                <Kbd size="xs">{keys.get(m.id)}</Kbd> {m.name}
              </span>
            ))}
          {' · '}
          <Kbd size="xs">Enter</Kbd> {ready ? (pending ? 'leave pending' : 'complete') : uncovered ? 'add a payment for what is left' : 'complete'} · <Kbd size="xs">Esc</Kbd> back to the lines
        </Text>
      </Group>

      <CheckoutFigures preview={preview} uncovered={uncovered} usesCash={usesCash} problem={problem} ready={ready} />

      <ApprovalFields
        form={form}
        moneyOut={moneyOut}
        approvals={approvals}
        busy={busy}
        orderId={draft.orderId}
        onMode={(mode) => update({ ...form.getValues(), approvalMode: mode })}
      />

      {serverError ? (
        <Alert color="red" variant="light" role="alert" mt="md" title="The sale was not completed" data-testid="checkout-error">
          {serverError}
        </Alert>
      ) : null}

      <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
        <Button variant="default" size="lg" onClick={onBack} disabled={busy} title="Back to the lines (Escape)">
          Back to Lines
        </Button>
        <Button ref={completeRef} size="lg" onClick={() => void complete()} disabled={!ready} loading={busy} title={pending ? 'Leave Pending (Enter)' : 'Complete Sale (Enter)'}>
          {pending ? 'Leave Pending' : 'Complete Sale'}
        </Button>
      </Group>
    </Box>
  );
}

