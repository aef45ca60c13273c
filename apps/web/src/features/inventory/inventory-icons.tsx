/** The few line icons the inventory screen uses (no icon library in the bundle). */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ children, size = 18, ...rest }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6-6" />
  </Icon>
);

export const PencilIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
);

/** Plus over minus: a quantity change. */
export const AdjustIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3v10M7 8h10" />
    <path d="M7 19h10" />
  </Icon>
);

export const ArchiveIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="4" rx="1" />
    <path d="M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8" />
    <path d="M10 12h4" />
  </Icon>
);

/** Both arrows dimmed when unsorted; the active one bold. */
export function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <Icon size={14} strokeWidth={2.5}>
      <path d="M8 10l4-4 4 4" opacity={direction === 'asc' ? 1 : 0.3} />
      <path d="M8 14l4 4 4-4" opacity={direction === 'desc' ? 1 : 0.3} />
    </Icon>
  );
}
