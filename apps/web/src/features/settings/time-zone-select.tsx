/**
 * The Time Zone field of the store settings and of a new store: every zone the browser
 * knows, searched by IANA name, city or common name (time-zones.ts).
 */
import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { filterTimeZones, timeZoneOptions } from './time-zones';

export function TimeZoneSelect({ description, value, ...props }: Omit<SelectProps, 'data' | 'label' | 'name' | 'searchable' | 'filter'> & { description: string; value?: string | null }) {
  const zones = useMemo(() => timeZoneOptions(value ?? ''), [value]);
  return (
    <Select
      label="Time Zone"
      name="timeZone"
      description={`${description}. Search by city or region (New York, Eastern, Pacific)`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data={zones}
      value={value}
      searchable
      filter={filterTimeZones}
      allowDeselect={false}
      nothingFoundMessage="No such time zone"
      maxDropdownHeight={280}
      {...props}
    />
  );
}
