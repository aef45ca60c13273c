/**
 * SPEC 2 "Vendors screen (/store/vendors)": list mode, or the vendor form in its place.
 * After a successful add the form stays open on the created vendor, now being edited;
 * Cancel goes back to the list, which keeps its page, size and sort.
 */
import { useState } from 'react';
import type { Vendor } from '@pos/contracts';
import { VendorForm } from './vendor-form';
import { VendorList } from './vendor-list';
import { INITIAL_VENDOR_LIST, type VendorListState } from './vendor-list-state';

type Mode = { kind: 'list' } | { kind: 'form'; vendor: Vendor | null; session: number };

export function VendorsPage() {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [listState, setListState] = useState<VendorListState>(INITIAL_VENDOR_LIST);

  const openForm = (vendor: Vendor | null) => {
    setMode({ kind: 'form', vendor, session: Date.now() });
    window.scrollTo({ top: 0 });
  };

  if (mode.kind === 'form') {
    return (
      <VendorForm
        // One form per opening: saving keeps the form (and what it holds) mounted.
        key={mode.session}
        vendor={mode.vendor}
        onSaved={(vendor) => setMode({ ...mode, vendor })}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  }
  return <VendorList state={listState} onStateChange={setListState} onAdd={() => openForm(null)} onEdit={openForm} />;
}
