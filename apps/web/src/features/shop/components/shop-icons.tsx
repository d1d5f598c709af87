import type { ReactNode } from "react";
import { Svg as IconSvg } from "../../../components/ui/icons";

/** The shop's own icons: decorative; the control holding one carries the accessible name. */
function Svg({ size = 22, children }: { size?: number; children: ReactNode }) {
  return <IconSvg size={size}>{children}</IconSvg>;
}

export function CartIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <circle cx="9" cy="20" r="1.4" />
      <circle cx="18" cy="20" r="1.4" />
      <path d="M2.5 3.5h2.8l2.4 11.2a1.6 1.6 0 0 0 1.6 1.3h8.4a1.6 1.6 0 0 0 1.6-1.2l1.7-7.3H6.2" />
    </Svg>
  );
}

export function ChevronLeftIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="m15 18-6-6 6-6" />
    </Svg>
  );
}

export function ChevronRightIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="m9 18 6-6-6-6" />
    </Svg>
  );
}

export function MinusIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="M5 12h14" />
    </Svg>
  );
}

export function PlusIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="M12 5v14M5 12h14" />
    </Svg>
  );
}

export function RemoveIcon({ size }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </Svg>
  );
}
