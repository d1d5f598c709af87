import { type ReactNode, useId } from "react";

/**
 * The shop's product pictures, drawn here as SVG in the game's colours (midnight, gold, white) with the Manhattan
 * skyline as the theme. Each picture is keyed by the catalogue's image key (`@mx/shared/shop`).
 */

const GOLD = "#f5b942";
const GOLD_DEEP = "#c98d1c";
const NAVY = "#1b2438";
const MIDNIGHT = "#0b0f17";
const PAPER = "#f6f2e7";
const INK = "#0e1526";

/** A 100-unit-wide Midtown skyline standing on y = 0, with the Empire State and Chrysler spires. */
function Skyline({ fill, accent, windows }: { fill: string; accent: string; windows?: string }) {
  const blocks: [number, number, number][] = [
    [0, 7, 14],
    [7, 6, 22],
    [13, 5, 17],
    [18, 8, 28],
    [26, 5, 20],
    [41, 6, 24],
    [47, 7, 31],
    [61, 6, 26],
    [67, 8, 35],
    [75, 5, 19],
    [80, 7, 29],
    [87, 6, 16],
    [93, 7, 23],
  ];
  return (
    <g>
      {blocks.map(([x, w, h]) => (
        <rect key={x} x={x} y={-h} width={w} height={h} fill={fill} />
      ))}
      {/* Empire State: three setbacks and a mast. */}
      <rect x={31} y={-34} width={10} height={34} fill={fill} />
      <rect x={33} y={-44} width={6} height={10} fill={fill} />
      <rect x={34.6} y={-50} width={2.8} height={6} fill={accent} />
      <rect x={35.55} y={-60} width={0.9} height={10} fill={accent} />
      {/* Chrysler: the stepped crown and its needle. */}
      <rect x={54} y={-40} width={7} height={40} fill={fill} />
      <path d="M54 -40 L57.5 -53 L61 -40 Z" fill={accent} />
      <rect x={57.1} y={-60} width={0.8} height={8} fill={accent} />
      {windows
        ? [
            [19.5, -24],
            [22.5, -18],
            [32.5, -28],
            [37, -22],
            [35, -39],
            [49, -26],
            [56, -33],
            [69, -30],
            [71.5, -22],
            [82, -24],
          ].map(([x, y]) => <rect key={`${x},${y}`} x={x} y={y} width={1.6} height={1.6} fill={windows} />)
        : null}
    </g>
  );
}

/** Four towers, the Exchange's mark: gold, gold, white, white. */
function TowerMark({ x, y, size }: { x: number; y: number; size: number }) {
  const bar = size / 4.6;
  const gap = (size - bar * 4) / 3;
  const heights = [0.45, 1, 0.7, 0.4];
  return (
    <g>
      {heights.map((h, i) => (
        <rect
          key={h}
          x={x + i * (bar + gap)}
          y={y + size * (1 - h)}
          width={bar}
          height={size * h}
          rx={bar / 5}
          fill={i < 2 ? GOLD : PAPER}
        />
      ))}
    </g>
  );
}

function Frame({ children, label }: { children: ReactNode; label: string }) {
  return (
    <svg viewBox="0 0 200 200" role="img" aria-label={label} className="product-art">
      {children}
    </svg>
  );
}

/** The cap's felt: a lit navy, outlined so it reads on the dark page. */
function CapGradient({ id, horizontal = false }: { id: string; horizontal?: boolean }) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2={horizontal ? "1" : "0.3"} y2="1">
      <stop offset="0" stopColor="#3a4d7a" />
      <stop offset="1" stopColor="#1c2641" />
    </linearGradient>
  );
}

const CAP_EDGE = "#5a6d9c";

function CapFront({ label }: { label: string }) {
  const id = useId();
  return (
    <Frame label={label}>
      <defs>
        <CapGradient id={`${id}crown`} />
      </defs>
      <ellipse cx="100" cy="170" rx="70" ry="8" fill="#000" opacity="0.35" />
      <path
        d="M40 130 C40 76 68 44 100 44 C132 44 160 76 160 130 Z"
        fill={`url(#${id}crown)`}
        stroke={CAP_EDGE}
        strokeWidth="1.5"
      />
      <path d="M72 130 C74 92 84 60 100 48 C116 60 126 92 128 130 Z" fill="#fff" opacity="0.06" />
      <path
        d="M100 48 C86 64 76 94 72 130 M100 48 C114 64 124 94 128 130"
        stroke={CAP_EDGE}
        strokeWidth="1.2"
        fill="none"
        opacity="0.8"
      />
      <circle cx="100" cy="46" r="5" fill={GOLD} />
      <g transform="translate(73 114) scale(0.54)">
        <Skyline fill={GOLD} accent="#ffe3a1" />
      </g>
      <path d="M73 118 H127" stroke={GOLD} strokeWidth="1.6" />
      <path
        d="M32 126 Q100 112 168 126 C176 146 140 160 100 160 C60 160 24 146 32 126 Z"
        fill="#243153"
        stroke={CAP_EDGE}
        strokeWidth="1.5"
      />
      <path
        d="M42 133 Q100 121 158 133"
        stroke={GOLD_DEEP}
        strokeWidth="1"
        strokeDasharray="3 3"
        fill="none"
      />
      <path
        d="M50 142 Q100 131 150 142"
        stroke={GOLD_DEEP}
        strokeWidth="1"
        strokeDasharray="3 3"
        fill="none"
      />
    </Frame>
  );
}

function CapSide({ label }: { label: string }) {
  const id = useId();
  return (
    <Frame label={label}>
      <defs>
        <CapGradient id={`${id}side`} horizontal />
      </defs>
      <ellipse cx="100" cy="160" rx="80" ry="8" fill="#000" opacity="0.35" />
      <path
        d="M58 138 C56 86 86 56 124 58 C156 60 172 96 172 138 Z"
        fill={`url(#${id}side)`}
        stroke={CAP_EDGE}
        strokeWidth="1.5"
      />
      <path
        d="M122 58 C112 80 108 110 110 138 M124 58 C140 82 148 110 150 138"
        stroke={CAP_EDGE}
        strokeWidth="1.5"
        fill="none"
      />
      <circle cx="124" cy="58" r="4" fill={GOLD} />
      <circle cx="138" cy="84" r="2.4" fill="#0a0f1a" stroke={GOLD_DEEP} strokeWidth="1" />
      <path
        d="M60 136 Q34 136 14 146 Q10 152 20 153 Q44 152 70 146 Z"
        fill="#243153"
        stroke={CAP_EDGE}
        strokeWidth="1.5"
      />
      <path d="M22 149 Q44 146 66 142" stroke={GOLD_DEEP} strokeWidth="1" strokeDasharray="3 3" fill="none" />
      <g transform="translate(66 122) scale(0.34)">
        <Skyline fill={GOLD} accent="#ffe3a1" />
      </g>
      <TowerMark x={150} y={112} size={14} />
    </Frame>
  );
}

function CapBack({ label }: { label: string }) {
  const id = useId();
  return (
    <Frame label={label}>
      <defs>
        <CapGradient id={`${id}back`} />
      </defs>
      <ellipse cx="100" cy="156" rx="70" ry="8" fill="#000" opacity="0.35" />
      <path
        d="M36 140 C36 82 66 50 100 50 C134 50 164 82 164 140 Z"
        fill={`url(#${id}back)`}
        stroke={CAP_EDGE}
        strokeWidth="1.5"
      />
      <path
        d="M100 52 C92 80 88 110 86 140 M100 52 C108 80 112 110 114 140"
        stroke={CAP_EDGE}
        strokeWidth="1.5"
        fill="none"
      />
      <circle cx="100" cy="51" r="4.5" fill={GOLD} />
      <path d="M72 140 Q72 104 100 102 Q128 104 128 140 Z" fill="#070b13" />
      <rect x="66" y="122" width="68" height="9" rx="3" fill="#0f1422" stroke="#3a4766" />
      {[78, 90, 102, 114, 126].map((x) => (
        <circle key={x} cx={x} cy="126.5" r="2.2" fill={x === 102 ? GOLD : "#5b6785"} />
      ))}
      <TowerMark x={90} y={74} size={20} />
    </Frame>
  );
}

function SkylineSticker({
  label,
  x = 54,
  y = 21,
  scale = 1,
}: {
  label?: string;
  x?: number;
  y?: number;
  scale?: number;
}) {
  const id = useId();
  const art = (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <defs>
        <linearGradient id={`${id}dusk`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1d2350" />
          <stop offset="0.55" stopColor="#7a3d6c" />
          <stop offset="1" stopColor="#f08a4b" />
        </linearGradient>
      </defs>
      <rect width="92" height="158" rx="16" fill={PAPER} />
      <rect x="6" y="6" width="80" height="146" rx="11" fill={`url(#${id}dusk)`} />
      <circle cx="64" cy="42" r="9" fill="#ffd98a" opacity="0.9" />
      {[
        [18, 24],
        [30, 16],
        [72, 20],
        [50, 30],
      ].map(([cx, cy]) => (
        <circle key={`${cx}`} cx={cx} cy={cy} r="0.9" fill="#fff" opacity="0.8" />
      ))}
      <g transform="translate(6 132) scale(0.8)">
        <Skyline fill={INK} accent={GOLD} windows={GOLD} />
      </g>
      <path d="M6 131 H86 V141 Q86 152 75 152 H17 Q6 152 6 141 Z" fill={INK} />
      <text
        x="46"
        y="146"
        textAnchor="middle"
        fontSize="12"
        fontWeight="800"
        letterSpacing="1"
        fill={GOLD}
        fontFamily="system-ui, sans-serif"
      >
        MIDTOWN
      </text>
    </g>
  );
  if (!label) return art;
  return (
    <Frame label={label}>
      <ellipse cx="100" cy="184" rx="48" ry="5" fill="#000" opacity="0.3" />
      {art}
    </Frame>
  );
}

function SkylineStickerOnLaptop({ label }: { label: string }) {
  return (
    <Frame label={label}>
      <rect x="18" y="36" width="164" height="118" rx="12" fill="#39425a" />
      <rect x="22" y="40" width="156" height="110" rx="9" fill="#2b3346" />
      <path d="M10 158 H190 Q188 166 178 166 H22 Q12 166 10 158 Z" fill="#4a546d" />
      <g transform="rotate(-8 120 96)">
        <SkylineSticker x={100} y={56} scale={0.5} />
      </g>
      <g transform="translate(40 64)">
        <rect width="34" height="34" rx="8" fill={PAPER} />
        <rect x="3" y="3" width="28" height="28" rx="6" fill={MIDNIGHT} />
        <TowerMark x={8} y={9} size={18} />
      </g>
    </Frame>
  );
}

function IconSticker({ label }: { label: string }) {
  const id = useId();
  return (
    <Frame label={label}>
      <defs>
        <linearGradient id={`${id}gloss`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0.22" />
          <stop offset="0.45" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="172" rx="56" ry="6" fill="#000" opacity="0.3" />
      <rect x="38" y="36" width="124" height="128" rx="28" fill={PAPER} />
      <rect x="46" y="44" width="108" height="112" rx="22" fill={MIDNIGHT} />
      <TowerMark x={64} y={66} size={72} />
      <rect x="46" y="44" width="108" height="112" rx="22" fill={`url(#${id}gloss)`} />
    </Frame>
  );
}

function BrokerBadge({ ringText }: { ringText: string }) {
  const id = useId();
  return (
    <g>
      <circle cx="100" cy="100" r="80" fill={PAPER} />
      <circle cx="100" cy="100" r="72" fill={NAVY} />
      <path id={`${id}ring`} d="M100 100 m-60 0 a60 60 0 1 1 120 0 a60 60 0 1 1 -120 0" fill="none" />
      <text fontSize="12" fontWeight="800" letterSpacing="1.2" fill={GOLD} fontFamily="system-ui, sans-serif">
        <textPath href={`#${id}ring`} startOffset="0">
          {ringText}
        </textPath>
      </text>
      <circle cx="100" cy="100" r="48" fill={INK} />
      <g transform="translate(62 130) scale(0.76)">
        <Skyline fill="#2c3a5c" accent="#41527a" />
      </g>
      <polyline
        points="66,122 84,112 96,116 112,100 132,88"
        fill="none"
        stroke={GOLD}
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <path d="M126 84 L136 86 L130 94 Z" fill={GOLD} />
      {/* The broker's top hat. */}
      <ellipse cx="100" cy="86" rx="22" ry="5" fill={PAPER} />
      <rect x="87" y="60" width="26" height="26" rx="3" fill={PAPER} />
      <rect x="87" y="76" width="26" height="5" fill={GOLD} />
    </g>
  );
}

const BROKER_RING = "MANHATTAN EXCHANGE · LICENSED BROKER · ";

function BrokerSticker({ label }: { label: string }) {
  return (
    <Frame label={label}>
      <ellipse cx="100" cy="186" rx="60" ry="6" fill="#000" opacity="0.3" />
      <BrokerBadge ringText={BROKER_RING} />
    </Frame>
  );
}

function BrokerStickerDetail({ label }: { label: string }) {
  return (
    <Frame label={label}>
      <ellipse cx="104" cy="190" rx="62" ry="5" fill="#000" opacity="0.3" />
      <g transform="rotate(-14 100 100) translate(100 100) scale(1.12) translate(-100 -100)">
        <BrokerBadge ringText={BROKER_RING} />
      </g>
    </Frame>
  );
}

/** The island's avenues and streets, as drawn on the street grid sticker. */
const AVENUE_XS = Array.from({ length: 8 }, (_, i) => 82 + i * 5);
const STREET_YS = Array.from({ length: 40 }, (_, i) => 16 + i * 4.4);

function StreetGridSticker({ label }: { label: string }) {
  const id = useId();
  const island =
    "M98 22 L106 24 L112 42 L116 72 L119 110 L118 140 L113 164 L105 178 L97 180 L91 174 L87 150 L85 120 L83 90 L85 60 L89 38 Z";
  return (
    <Frame label={label}>
      <defs>
        <clipPath id={`${id}island`}>
          <path d={island} />
        </clipPath>
      </defs>
      <ellipse cx="100" cy="194" rx="34" ry="4" fill="#000" opacity="0.3" />
      <rect x="70" y="8" width="60" height="182" rx="13" fill={PAPER} />
      <rect x="75" y="13" width="50" height="172" rx="9" fill="#13203a" />
      <path d={island} fill="#243252" />
      <g clipPath={`url(#${id}island)`}>
        <g transform="rotate(-8 100 100)" stroke="#3a4b73" strokeWidth="0.7">
          {AVENUE_XS.map((x) => (
            <line key={`a${x}`} x1={x} y1="10" x2={x} y2="190" />
          ))}
          {STREET_YS.map((y) => (
            <line key={`s${y}`} x1="70" y1={y} x2="130" y2={y} />
          ))}
        </g>
        <rect
          x="80"
          y="52"
          width="44"
          height="26"
          fill="#2f7d55"
          opacity="0.85"
          transform="rotate(-8 100 65)"
        />
        <rect
          x="78"
          y="94"
          width="46"
          height="26"
          fill={GOLD}
          opacity="0.85"
          transform="rotate(-8 100 107)"
        />
      </g>
      <path d={island} fill="none" stroke={PAPER} strokeWidth="0.9" opacity="0.6" />
    </Frame>
  );
}

const ART: Record<string, (props: { label: string }) => ReactNode> = {
  "cap-front": CapFront,
  "cap-side": CapSide,
  "cap-back": CapBack,
  "skyline-sticker": SkylineSticker,
  "skyline-sticker-laptop": SkylineStickerOnLaptop,
  "icon-sticker": IconSticker,
  "broker-sticker": BrokerSticker,
  "broker-sticker-detail": BrokerStickerDetail,
  "street-grid-sticker": StreetGridSticker,
};

/** What each picture shows, for screen readers. */
const VIEWS: Record<string, string> = {
  "cap-front": "front view",
  "cap-side": "side view",
  "cap-back": "back view with snap strap",
  "skyline-sticker": "the sticker",
  "skyline-sticker-laptop": "the sticker on a laptop",
  "icon-sticker": "the sticker",
  "broker-sticker": "the sticker",
  "broker-sticker-detail": "close-up of the sticker",
  "street-grid-sticker": "the sticker",
};

/** One picture of a product, by its catalogue image key; a plain tile if the key is unknown. */
export function ProductArt({ imageKey, productName }: { imageKey: string; productName: string }) {
  const label = `${productName}, ${VIEWS[imageKey] ?? "picture"}`;
  const Art = ART[imageKey];
  if (!Art) {
    return (
      <Frame label={label}>
        <TowerMark x={70} y={70} size={60} />
      </Frame>
    );
  }
  return <Art label={label} />;
}
