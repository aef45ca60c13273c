/**
 * Reports (STORE_ACCOUNTANT, STORE_MANAGER and above): Sales, Vendors and End of Day, one
 * tab each; a tab's report loads when the tab is chosen. docs/SETTLEMENT.md says how
 * every figure is counted.
 */
import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { PageHeading } from '../../components/page-heading';
import { EndOfDayTab } from './end-of-day-tab';
import { SalesTab } from './sales-tab';
import { VendorsTab } from './vendors-tab';
import type { ReportsTab as Tab } from './reports-search';

export function ReportsPage({ initialTab = 'sales' }: { initialTab?: Tab }) {
  const [tab, setTab] = useState<Tab>(initialTab);
  return (
    <>
      <PageHeading>Reports</PageHeading>
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="sales">Sales</Tabs.Tab>
          <Tabs.Tab value="vendors">Vendors</Tabs.Tab>
          <Tabs.Tab value="endOfDay">End of Day</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sales">
          <SalesTab />
        </Tabs.Panel>
        <Tabs.Panel value="vendors">
          <VendorsTab />
        </Tabs.Panel>
        <Tabs.Panel value="endOfDay">
          <EndOfDayTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
