/**
 * The Vendors screen (/store/vendors): list mode, or the vendor form in its place.
 * After a successful add the form stays open on the created vendor, now being edited;
 * Cancel goes back to the list, which keeps its page, size and sort.
 */
import { useState } from 'react';
import type { Vendor } from '@pos/contracts';
import { usePaging } from '../../lib/paging';
import { VendorForm } from './vendor-form';
import { VendorList } from './vendor-list';
import { DEFAULT_VENDOR_PAGE_SIZE, INITIAL_VENDOR_SORT } from './vendor-list-state';

type Mode = { kind: 'list' } | { kind: 'form'; vendor: Vendor | null; session: number };

export function VendorsPage() {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  // Kept here, so the list comes back on the same page and sort after the form.
  const paging = usePaging(DEFAULT_VENDOR_PAGE_SIZE);
  const [sort, setSort] = useState(INITIAL_VENDOR_SORT);

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
  return <VendorList paging={paging} sort={sort} onSortChange={setSort} onAdd={() => openForm(null)} onEdit={openForm} />;
}
