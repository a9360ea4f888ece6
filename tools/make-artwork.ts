/**
 * Writes the site's artwork, app/assets/artwork/*.svg: people at work (a cleaner, a security officer, a
 * housekeeper, a warehouse operative, a steward) for each service, and the home, About, Careers and
 * Contact heroes. Every scene is drawn from the same few parts below (one figure, one palette, one
 * light and floor), so the pictures share one calm style. Run after changing a scene: `npm run artwork`.
 * Each file's <title> is the picture's text alternative: the page reads it from there (svgArtwork in
 * app/lib/inline-svg.ts). The outputs are committed; the site draws them inline and never runs this.
 */
import { writeFileSync } from "node:fs";

const width = 640;
const height = 480;
const floorY = 420;

/** Skin and hair tones, so the people look like the people of Greater Manchester. */
const skin = { light: "#f2c9a8", warm: "#d9a077", tan: "#b87a53", deep: "#7a4a32" };
const hair = { black: "#231a14", brown: "#5b3a22", auburn: "#8a4a2a", grey: "#b9b4ad" };
const colour = {
  white: "#f8fafc",
  paper: "#e8eef6",
  navy: "#182d4e",
  ink: "#0f1f38",
  teal: "#5fd3c4",
  tealDeep: "#0f8276",
  hiVis: "#e4f05a",
  reflect: "#d6dde8",
  shoe: "#1b2230",
};

type Hair = "short" | "crop" | "bun" | "long" | "bald";
type Pose = "down" | "hold" | "mop" | "wave" | "point" | "carry" | "clipboard" | "reach";
type Extra = "hiVis" | "tabard" | "apron" | "hardHat" | "cap" | "headset" | "lanyard" | "epaulettes";

type Person = {
  x: number;
  /** The floor the feet stand on. */
  y?: number;
  scale?: number;
  skin: string;
  hair: string;
  hairStyle: Hair;
  top: string;
  trousers: string;
  pose?: Pose;
  extras?: Extra[];
  /** Drawn in the hands, in the figure's own coordinates (hands near y = -120). */
  holding?: string;
};

/** The hands' positions for each pose, relative to the figure's feet, before scaling. */
const hands: Record<Pose, [[number, number], [number, number]]> = {
  down: [
    [-44, -112],
    [44, -112],
  ],
  hold: [
    [-20, -122],
    [20, -122],
  ],
  mop: [
    [26, -150],
    [34, -118],
  ],
  wave: [
    [-44, -112],
    [52, -226],
  ],
  point: [
    [-44, -112],
    [78, -176],
  ],
  carry: [
    [-30, -134],
    [30, -134],
  ],
  clipboard: [
    [-16, -140],
    [44, -112],
  ],
  reach: [
    [-44, -112],
    [64, -200],
  ],
};

function hairShape(style: Hair, tone: string): string {
  switch (style) {
    case "short":
      return `<path d="M-25 -214c0-20 12-30 25-30s26 9 26 30c-6-9-16-13-26-13s-19 4-25 13z" fill="${tone}"/>`;
    case "crop":
      return `<path d="M-24 -218c2-16 12-25 24-25s22 9 24 25c-7-6-15-8-24-8s-17 2-24 8z" fill="${tone}"/>`;
    case "bun":
      return `<circle cx="0" cy="-250" r="11" fill="${tone}"/><path d="M-25 -212c0-21 12-31 25-31s25 10 25 31c-5-10-14-15-25-15s-20 5-25 15z" fill="${tone}"/>`;
    case "long":
      return `<path d="M-27 -176v-38c0-19 12-30 27-30s27 11 27 30v38h-10v-32c-4-8-10-12-17-12s-13 4-17 12v32z" fill="${tone}"/>`;
    case "bald":
      return "";
  }
}

function extra(kind: Extra, top: string): string {
  switch (kind) {
    case "hiVis":
      return `<path d="M-33 -184h66l4 82h-74z" fill="${colour.hiVis}"/><rect x="-35" y="-146" width="70" height="7" fill="${colour.reflect}"/><rect x="-36" y="-126" width="72" height="7" fill="${colour.reflect}"/>`;
    case "tabard":
      return `<path d="M-24 -186h48l3 86h-54z" fill="${colour.teal}" opacity=".95"/><rect x="-10" y="-168" width="20" height="4" rx="2" fill="${colour.white}" opacity=".8"/>`;
    case "apron":
      return `<path d="M-22 -168h44l4 74h-52z" fill="${colour.white}"/><path d="M-22 -168l-6-18M22 -168l6-18" stroke="${colour.white}" stroke-width="3"/>`;
    case "hardHat":
      return `<path d="M-28 -232c0-18 12-30 28-30s28 12 28 30z" fill="${colour.white}"/><rect x="-32" y="-234" width="64" height="6" rx="3" fill="${colour.white}"/>`;
    case "cap":
      return `<path d="M-26 -230c0-16 12-26 26-26s26 10 26 26z" fill="${top}"/><rect x="-6" y="-234" width="40" height="6" rx="3" fill="${top}"/>`;
    case "headset":
      return `<path d="M-27 -218c0-20 12-31 27-31s27 11 27 31" fill="none" stroke="${colour.ink}" stroke-width="4"/><rect x="-31" y="-224" width="8" height="14" rx="4" fill="${colour.ink}"/><path d="M-27 -212c2 12 10 16 20 16" fill="none" stroke="${colour.ink}" stroke-width="3"/>`;
    case "lanyard":
      return `<path d="M-9 -186l9 30 9-30" fill="none" stroke="${colour.teal}" stroke-width="3"/><rect x="-7" y="-158" width="14" height="18" rx="2" fill="${colour.white}"/>`;
    case "epaulettes":
      return `<rect x="-36" y="-188" width="16" height="5" rx="2" fill="${colour.paper}" opacity=".8"/><rect x="20" y="-188" width="16" height="5" rx="2" fill="${colour.paper}" opacity=".8"/><rect x="-33" y="-168" width="14" height="9" rx="2" fill="${colour.teal}"/>`;
  }
}

/** One person, front on: the figure every scene uses, with a pose, workwear and anything held. */
function person(p: Person): string {
  const pose = p.pose ?? "down";
  const [[lx, ly], [rx, ry]] = hands[pose];
  const arm = (sx: number, hx: number, hy: number) => {
    // Shoulder, elbow bent outward a little, hand.
    const ex = (sx + hx) / 2 + (hx < sx ? -6 : 6) * (pose === "down" ? 0.3 : 1);
    const ey = (-178 + hy) / 2 + 6;
    return `<path d="M${sx} -178Q${ex} ${ey} ${hx} ${hy}" fill="none" stroke="${p.top}" stroke-width="17" stroke-linecap="round"/><circle cx="${hx}" cy="${hy}" r="8.5" fill="${p.skin}"/>`;
  };
  const extras = p.extras ?? [];
  const onHead = (e: Extra) => e === "hardHat" || e === "cap" || e === "headset";
  const headwear = extras.filter(onHead);
  const body = extras.filter((e) => !onHead(e));
  const parts = [
    // Shadow on the floor.
    `<ellipse cx="0" cy="2" rx="40" ry="6" fill="${colour.ink}" opacity=".18"/>`,
    // Legs and shoes.
    `<rect x="-25" y="-104" width="22" height="100" rx="9" fill="${p.trousers}"/>`,
    `<rect x="3" y="-104" width="22" height="100" rx="9" fill="${p.trousers}"/>`,
    `<ellipse cx="-15" cy="-3" rx="15" ry="7" fill="${colour.shoe}"/>`,
    `<ellipse cx="15" cy="-3" rx="15" ry="7" fill="${colour.shoe}"/>`,
    // Neck, then the torso over it.
    `<rect x="-8" y="-198" width="16" height="16" rx="4" fill="${p.skin}"/>`,
    `<path d="M-30 -188q0-6 8-6h44q8 0 8 6l6 84q0 6-6 6h-60q-6 0-6-6z" fill="${p.top}"/>`,
    ...body.map((e) => extra(e, p.top)),
    // Head and hair.
    hairShape(p.hairStyle, p.hair),
    `<circle cx="0" cy="-218" r="23" fill="${p.skin}"/>`,
    p.hairStyle === "bald" ? "" : hairFront(p.hairStyle, p.hair),
    ...headwear.map((e) => extra(e, p.top)),
    // Arms last, so the hands come in front of the body and of whatever they hold.
    p.holding ?? "",
    arm(-28, lx, ly),
    arm(28, rx, ry),
  ];
  const scale = p.scale ?? 1;
  return `<g transform="translate(${p.x} ${p.y ?? floorY}) scale(${scale})">${parts.join("")}</g>`;
}

/** The fringe drawn over the forehead, so every face reads the same way. */
function hairFront(style: Hair, tone: string): string {
  switch (style) {
    case "short":
      return `<path d="M-23 -222c2-14 11-21 23-21s21 7 23 21c-8-7-15-9-23-9s-16 2-23 9z" fill="${tone}"/>`;
    case "crop":
      return `<path d="M-22 -226c3-11 11-17 22-17s19 6 22 17c-7-4-14-5-22-5s-15 1-22 5z" fill="${tone}"/>`;
    case "bun":
    case "long":
      return `<path d="M-23 -220c1-15 10-23 23-23s22 8 23 23c-9-10-18-12-25-12-8 0-15 4-21 12z" fill="${tone}"/>`;
    case "bald":
      return "";
  }
}

/** The background every scene shares: its gradient, a soft light and the floor. */
function backdrop(from: string, to: string, inner: string): string {
  return [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" rx="32" fill="url(#bg)"/>`,
    `<circle cx="520" cy="96" r="120" fill="#fff" opacity=".07"/>`,
    `<circle cx="96" cy="380" r="150" fill="#fff" opacity=".05"/>`,
    inner,
    `<rect x="40" y="${floorY}" width="560" height="5" rx="2.5" fill="#fff" opacity=".35"/>`,
  ].join("");
}

function svg(title: string, body: string): string {
  const text = title.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">\n  <title>${text}</title>\n  ${body}\n</svg>\n`;
}

/** A window of a building, as a pale grid: offices, hotels and the city behind the people. */
function windows(
  x: number,
  y: number,
  cols: number,
  rows: number,
  cell = 34,
  gap = 10,
  opacity = 0.16,
): string {
  let out = "";
  for (let c = 0; c < cols; c += 1)
    for (let r = 0; r < rows; r += 1)
      out += `<rect x="${x + c * (cell + gap)}" y="${y + r * (cell + gap)}" width="${cell}" height="${cell}" rx="4"/>`;
  return `<g fill="#fff" opacity="${opacity}">${out}</g>`;
}

const scenes: Record<string, { title: string; body: string }> = {
  cleaning: {
    title: "Illustration of a cleaner mopping an office floor beside a bucket and a wet-floor sign",
    body: backdrop(
      "#0069a8",
      "#1c398e",
      [
        windows(70, 70, 4, 3),
        // A desk with a screen and a plant.
        `<g fill="#fff" opacity=".28"><rect x="400" y="300" width="170" height="10" rx="4"/><rect x="412" y="310" width="8" height="110"/><rect x="550" y="310" width="8" height="110"/><rect x="450" y="250" width="70" height="46" rx="5"/><rect x="478" y="296" width="14" height="6"/></g>`,
        `<g fill="${colour.teal}" opacity=".7"><path d="M545 300c-14-26 2-44 10-48 2 14 4 30-4 48z"/><path d="M552 300c4-22 20-30 30-30-4 14-12 26-26 30z"/></g><rect x="538" y="288" width="22" height="14" rx="3" fill="#fff" opacity=".5"/>`,
        // Wet-floor sign.
        `<path d="M120 420l22-78h10l22 78z" fill="${colour.hiVis}" opacity=".9"/><rect x="135" y="368" width="24" height="4" rx="2" fill="${colour.ink}" opacity=".5"/>`,
        // Mop bucket.
        `<path d="M330 382h64l-6 38h-52z" fill="${colour.hiVis}"/><rect x="326" y="376" width="72" height="10" rx="4" fill="#fff" opacity=".85"/><circle cx="340" cy="422" r="5" fill="${colour.ink}"/><circle cx="384" cy="422" r="5" fill="${colour.ink}"/>`,
        person({
          x: 250,
          scale: 1.12,
          skin: skin.warm,
          hair: hair.black,
          hairStyle: "bun",
          top: "#24527a",
          trousers: "#1f2a44",
          pose: "mop",
          extras: ["tabard"],
          holding: `<path d="M30 -168L70 2" stroke="${colour.white}" stroke-width="6" stroke-linecap="round"/><path d="M52 -2h44l-4 8h-38z" fill="${colour.paper}"/>`,
        }),
      ].join(""),
    ),
  },
  security: {
    title: "Illustration of a uniformed security officer with a radio at a building's reception",
    body: backdrop(
      "#314158",
      "#0f172b",
      [
        // Glass entrance doors and the building's windows.
        windows(60, 60, 2, 6, 30, 10, 0.12),
        `<g fill="#fff" opacity=".14"><rect x="380" y="150" width="90" height="270" rx="6"/><rect x="480" y="150" width="90" height="270" rx="6"/></g><g fill="#fff" opacity=".3"><rect x="458" y="270" width="6" height="40" rx="3"/><rect x="486" y="270" width="6" height="40" rx="3"/></g>`,
        // Reception desk with a screen.
        `<rect x="120" y="336" width="160" height="84" rx="8" fill="#fff" opacity=".22"/><rect x="112" y="328" width="176" height="12" rx="5" fill="#fff" opacity=".4"/><rect x="150" y="292" width="54" height="36" rx="4" fill="#fff" opacity=".3"/>`,
        person({
          x: 330,
          scale: 1.12,
          skin: skin.deep,
          hair: hair.black,
          hairStyle: "crop",
          top: "#2a3a55",
          trousers: "#111827",
          pose: "clipboard",
          extras: ["epaulettes", "cap"],
          holding: `<rect x="-24" y="-160" width="12" height="28" rx="3" fill="${colour.ink}"/><rect x="-20" y="-172" width="3" height="14" rx="1.5" fill="${colour.ink}"/><circle cx="-18" cy="-140" r="2.5" fill="${colour.teal}"/>`,
        }),
      ].join(""),
    ),
  },
  housekeeping: {
    title: "Illustration of a housekeeper carrying fresh towels past a made bed and a linen trolley",
    body: backdrop(
      "#5f4a85",
      "#3a2c58",
      [
        // Window with curtains, a made bed and a lamp.
        `<rect x="80" y="70" width="150" height="120" rx="8" fill="#fff" opacity=".16"/><path d="M80 70h30v120h-30zM200 70h30v120h-30z" fill="#fff" opacity=".14"/>`,
        `<g><rect x="60" y="300" width="220" height="70" rx="10" fill="#fff" opacity=".85"/><rect x="60" y="300" width="220" height="22" rx="8" fill="${colour.paper}"/><rect x="70" y="284" width="60" height="26" rx="10" fill="#fff"/><rect x="140" y="284" width="60" height="26" rx="10" fill="#fff"/><rect x="60" y="240" width="14" height="180" rx="5" fill="#fff" opacity=".6"/><rect x="60" y="368" width="220" height="12" rx="4" fill="#fff" opacity=".5"/></g>`,
        // Linen trolley with folded towels.
        `<g><rect x="470" y="290" width="110" height="110" rx="8" fill="#fff" opacity=".25"/><rect x="480" y="300" width="90" height="18" rx="4" fill="${colour.white}"/><rect x="480" y="322" width="90" height="18" rx="4" fill="${colour.teal}" opacity=".8"/><rect x="480" y="344" width="90" height="18" rx="4" fill="${colour.white}"/><rect x="480" y="366" width="90" height="18" rx="4" fill="${colour.paper}"/><circle cx="488" cy="414" r="7" fill="${colour.ink}"/><circle cx="562" cy="414" r="7" fill="${colour.ink}"/></g>`,
        person({
          x: 372,
          scale: 1.12,
          skin: skin.light,
          hair: hair.auburn,
          hairStyle: "bun",
          top: "#7d6aa6",
          trousers: "#2a2140",
          pose: "carry",
          extras: ["apron"],
          holding: `<rect x="-38" y="-162" width="76" height="14" rx="5" fill="${colour.white}"/><rect x="-36" y="-148" width="72" height="14" rx="5" fill="${colour.teal}"/><rect x="-38" y="-134" width="76" height="14" rx="5" fill="${colour.paper}"/>`,
        }),
      ].join(""),
    ),
  },
  warehouse: {
    title:
      "Illustration of a warehouse operative in a hard hat and high-visibility vest carrying a box past racking",
    body: backdrop(
      "#bb4d00",
      "#7e2a0c",
      [
        // Racking with boxes on the shelves.
        `<g fill="#fff" opacity=".3"><rect x="60" y="90" width="10" height="330"/><rect x="250" y="90" width="10" height="330"/><rect x="60" y="180" width="200" height="8"/><rect x="60" y="280" width="200" height="8"/><rect x="60" y="380" width="200" height="8"/></g>`,
        `<g fill="#fde6c8" opacity=".75"><rect x="80" y="140" width="50" height="40" rx="3"/><rect x="140" y="150" width="40" height="30" rx="3"/><rect x="190" y="130" width="50" height="50" rx="3"/><rect x="90" y="236" width="60" height="44" rx="3"/><rect x="170" y="246" width="60" height="34" rx="3"/><rect x="84" y="344" width="44" height="36" rx="3"/><rect x="140" y="336" width="90" height="44" rx="3"/></g>`,
        // A pallet with a wrapped load.
        `<rect x="450" y="404" width="130" height="14" rx="3" fill="#fff" opacity=".45"/><rect x="460" y="330" width="110" height="74" rx="6" fill="#fff" opacity=".3"/><path d="M460 350h110M460 372h110" stroke="#fff" stroke-width="3" opacity=".35"/>`,
        person({
          x: 352,
          scale: 1.12,
          skin: skin.tan,
          hair: hair.black,
          hairStyle: "short",
          top: "#334155",
          trousers: "#1f2937",
          pose: "carry",
          extras: ["hiVis", "hardHat"],
          holding: `<rect x="-40" y="-160" width="80" height="56" rx="4" fill="#f4d3a7"/><path d="M-40 -142h80" stroke="#c8925b" stroke-width="4"/>`,
        }),
      ].join(""),
    ),
  },
  steward: {
    title:
      "Illustration of an event steward in a high-visibility vest showing visitors the way into a stadium",
    body: backdrop(
      "#8a3350",
      "#55203a",
      [
        // The stand's curve, floodlights and a barrier.
        `<path d="M40 300c80-110 480-110 560 0v30H40z" fill="#fff" opacity=".12"/><path d="M80 300c70-80 410-80 480 0" fill="none" stroke="#fff" stroke-width="8" opacity=".25"/>`,
        `<g fill="#fff" opacity=".5"><rect x="92" y="100" width="6" height="130"/><rect x="74" y="86" width="42" height="18" rx="4"/><rect x="542" y="100" width="6" height="130"/><rect x="524" y="86" width="42" height="18" rx="4"/></g>`,
        `<g stroke="#fff" stroke-width="5" opacity=".55"><path d="M60 370h150M60 400h150M70 370v50M200 370v50"/></g>`,
        // Two visitors, smaller, further back.
        person({
          x: 470,
          y: 412,
          scale: 0.78,
          skin: skin.light,
          hair: hair.brown,
          hairStyle: "long",
          top: "#d6dde8",
          trousers: "#334155",
        }),
        person({
          x: 540,
          y: 414,
          scale: 0.72,
          skin: skin.warm,
          hair: hair.black,
          hairStyle: "short",
          top: colour.teal,
          trousers: "#1f2937",
          pose: "wave",
        }),
        person({
          x: 320,
          scale: 1.12,
          skin: skin.tan,
          hair: hair.black,
          hairStyle: "crop",
          top: "#1f2937",
          trousers: "#111827",
          pose: "point",
          extras: ["hiVis"],
        }),
      ].join(""),
    ),
  },
  homeHero: {
    title:
      "Illustration of our team in front of a city office: a cleaner, a housekeeper, a security officer, a warehouse operative and a steward",
    body: backdrop(
      "#182d4e",
      "#0b6b62",
      [
        // An office building and its neighbours behind the team.
        `<rect x="200" y="70" width="240" height="350" rx="8" fill="#fff" opacity=".1"/>`,
        windows(222, 92, 5, 6, 30, 14, 0.14),
        `<rect x="60" y="180" width="120" height="240" rx="6" fill="#fff" opacity=".07"/><rect x="460" y="140" width="120" height="280" rx="6" fill="#fff" opacity=".07"/>`,
        person({
          x: 110,
          y: 414,
          scale: 0.86,
          skin: skin.warm,
          hair: hair.black,
          hairStyle: "bun",
          top: "#24527a",
          trousers: "#1f2a44",
          extras: ["tabard"],
        }),
        person({
          x: 530,
          y: 414,
          scale: 0.86,
          skin: skin.tan,
          hair: hair.black,
          hairStyle: "crop",
          top: "#1f2937",
          trousers: "#111827",
          pose: "wave",
          extras: ["hiVis"],
        }),
        person({
          x: 220,
          y: 418,
          scale: 0.93,
          skin: skin.light,
          hair: hair.auburn,
          hairStyle: "long",
          top: "#7d6aa6",
          trousers: "#2a2140",
          pose: "hold",
          extras: ["apron"],
        }),
        person({
          x: 420,
          y: 418,
          scale: 0.93,
          skin: skin.deep,
          hair: hair.black,
          hairStyle: "short",
          top: "#334155",
          trousers: "#1f2937",
          pose: "hold",
          extras: ["hiVis", "hardHat"],
        }),
        person({
          x: 320,
          skin: skin.light,
          hair: hair.brown,
          hairStyle: "crop",
          top: "#1b2536",
          trousers: "#111827",
          extras: ["epaulettes", "cap"],
        }),
      ].join(""),
    ),
  },
  aboutHero: {
    title: "Illustration of two managers going through a site plan together at a table",
    body: backdrop(
      "#182d4e",
      "#223d66",
      [
        // Office window with the city's rooftops, and a wall chart.
        `<rect x="60" y="60" width="260" height="170" rx="10" fill="#fff" opacity=".1"/><path d="M60 200h40v-40h30v-30h24v30h40v-60h34v60h30v-20h32v60H60z" fill="#fff" opacity=".12"/>`,
        `<rect x="400" y="70" width="150" height="100" rx="6" fill="#fff" opacity=".16"/><path d="M420 150l30-30 26 18 30-40 30 22" fill="none" stroke="${colour.teal}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
        person({
          x: 210,
          skin: skin.deep,
          hair: hair.black,
          hairStyle: "bald",
          top: "#2f4f80",
          trousers: "#111827",
          pose: "point",
          extras: ["lanyard"],
        }),
        person({
          x: 440,
          skin: skin.light,
          hair: hair.grey,
          hairStyle: "long",
          top: colour.tealDeep,
          trousers: "#1f2937",
          pose: "clipboard",
          holding: `<rect x="-34" y="-168" width="30" height="40" rx="3" fill="${colour.white}"/><path d="M-28 -156h18M-28 -148h18M-28 -140h12" stroke="${colour.navy}" stroke-width="2.5"/>`,
        }),
        // The table with the plan, in front of both.
        `<rect x="230" y="330" width="190" height="12" rx="5" fill="#fff" opacity=".55"/><rect x="246" y="342" width="8" height="78" fill="#fff" opacity=".4"/><rect x="396" y="342" width="8" height="78" fill="#fff" opacity=".4"/><path d="M262 330l8-16h110l10 16z" fill="${colour.white}"/><path d="M286 322h30M330 322h34" stroke="${colour.teal}" stroke-width="3"/>`,
      ].join(""),
    ),
  },
  careersHero: {
    title: "Illustration of a supervisor welcoming a new member of the team, who holds a new uniform",
    body: backdrop(
      "#182d4e",
      "#0b6b62",
      [
        windows(80, 80, 3, 3, 36, 12, 0.12),
        `<rect x="430" y="90" width="130" height="180" rx="8" fill="#fff" opacity=".1"/><rect x="446" y="106" width="98" height="60" rx="4" fill="#fff" opacity=".14"/><path d="M460 190h70M460 206h50M460 222h60" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".2"/>`,
        person({
          x: 250,
          skin: skin.tan,
          hair: hair.black,
          hairStyle: "long",
          top: colour.tealDeep,
          trousers: "#1f2937",
          pose: "reach",
          extras: ["lanyard"],
        }),
        person({
          x: 400,
          skin: skin.light,
          hair: hair.brown,
          hairStyle: "short",
          top: "#64748b",
          trousers: "#334155",
          pose: "carry",
          // The new uniform, folded, with the company's teal.
          holding: `<rect x="-40" y="-146" width="80" height="22" rx="6" fill="${colour.navy}"/><rect x="-36" y="-164" width="72" height="20" rx="6" fill="${colour.hiVis}"/><rect x="-36" y="-156" width="72" height="4" fill="${colour.reflect}"/>`,
        }),
      ].join(""),
    ),
  },
  contactHero: {
    title: "Illustration of a member of our office team on a headset at a desk, answering an enquiry",
    body: backdrop(
      "#182d4e",
      "#2f4f80",
      [
        // Speech and mail bubbles: calls and e-mails coming in.
        `<g fill="#fff" opacity=".18"><rect x="90" y="90" width="120" height="70" rx="16"/><path d="M120 160l-10 24 30-24z"/><rect x="430" y="80" width="120" height="80" rx="10"/></g>`,
        `<path d="M440 92l50 36 50-36" fill="none" stroke="#fff" stroke-width="5" opacity=".35" stroke-linejoin="round"/><g fill="#fff" opacity=".4"><circle cx="125" cy="125" r="8"/><circle cx="150" cy="125" r="8"/><circle cx="175" cy="125" r="8"/></g>`,
        person({
          x: 320,
          skin: skin.warm,
          hair: hair.brown,
          hairStyle: "bun",
          top: colour.tealDeep,
          trousers: "#1f2937",
          pose: "hold",
          extras: ["headset", "lanyard"],
        }),
        // The desk in front, with a laptop and a mug.
        `<rect x="150" y="318" width="340" height="14" rx="6" fill="#fff" opacity=".6"/><rect x="170" y="332" width="10" height="88" fill="#fff" opacity=".4"/><rect x="460" y="332" width="10" height="88" fill="#fff" opacity=".4"/><path d="M260 318l10-44h100l10 44z" fill="${colour.paper}"/><circle cx="320" cy="296" r="6" fill="${colour.teal}"/><rect x="420" y="296" width="22" height="22" rx="4" fill="${colour.white}"/><path d="M442 302c8 0 8 10 0 10" fill="none" stroke="${colour.white}" stroke-width="3"/>`,
      ].join(""),
    ),
  },
};

const names: Record<string, string> = {
  homeHero: "home-hero",
  aboutHero: "about-hero",
  careersHero: "careers-hero",
  contactHero: "contact-hero",
};

for (const [key, scene] of Object.entries(scenes)) {
  const file = new URL(`../app/assets/artwork/${names[key] ?? key}.svg`, import.meta.url);
  const markup = svg(scene.title, scene.body);
  writeFileSync(file, markup);
  console.log(`Wrote ${file.pathname.split("/").slice(-3).join("/")} (${markup.length} bytes)`);
}
