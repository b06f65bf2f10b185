import type { FrameWords } from '../../agents/store/index.js';
import { cell } from './screen-words.js';

/**
 * Screens made up for the label-by-meaning tests, apart from the benchmark days and written before the
 * answer code was run on them: forms of other apps (a bookshop's about page, a parcel tracker, a
 * project board, a recipe, a listing, a tariff, a film diary...), each a column of labels with its
 * values beside them. The questions name the labelled thing in their own words (a synonym, a plural,
 * a kind of it, the deed of a role); the negatives ask for a thing the screen does not hold, its
 * nearest label being another thing.
 */
export interface Screen {
  title: string;
  rows: [string, string][];
  /** How OCR gave the text: each row on a line ("Label  value"), or the labels as one block and the values as another. */
  ocr: 'rows' | 'blocks';
  heading?: string;
}

/** The screen's word boxes as a browser draws them, and its text as OCR read it. */
export function laid(s: Screen): { text: string; fw: FrameWords } {
  const top = s.heading ? 100 : 60;
  const words = [...(s.heading ? cell(s.heading, 40, 40, 22) : []), ...s.rows.flatMap(([l, v], i) => [...cell(l, 40, top + 44 * i), ...cell(v, 520, top + 44 * i)])];
  const head = s.heading ? `${s.heading}\n` : '';
  const text = s.ocr === 'rows' ? head + s.rows.map(([l, v]) => `${l}  ${v}`).join('\n') : `${head}${s.rows.map(([l]) => l).join('\n')}\n\n${s.rows.map(([, v]) => v).join('\n')}`;
  return { text, fw: { width: 1280, height: 800, words } };
}

export const SCREENS: Record<string, Screen> = {
  bookshop: { title: 'About us — Moravia Books', heading: 'Moravia Books', ocr: 'rows', rows: [['Founded', '1998'], ['Stores', '23 across Czechia'], ['Head office', 'Brno'], ['Titles in stock', '140,000']] },
  parcel: { title: 'Track shipment — Parcelo', heading: 'Shipment PX-88231', ocr: 'blocks', rows: [['Service', 'Express'], ['Weight', '2.4 kg'], ['Dimensions', '40 × 30 × 20 cm'], ['Shipped', '3 Nov 2026']] },
  project: { title: 'Data migration — Plankit', heading: 'Data migration', ocr: 'rows', rows: [['Status', 'In progress'], ['Owner', 'Tamsin Okoro'], ['Start', '2 Nov 2026'], ['Budget', '€18,000']] },
  oven: { title: 'Rye sourdough — Crumb & Co recipes', heading: 'Rye sourdough', ocr: 'rows', rows: [['Serves', '8'], ['Baking time', '45 min'], ['Oven', '230 °C'], ['Difficulty', 'Medium']] },
  flat: { title: 'Listing 4471 — Homefind', heading: 'Two-room flat, Kalamaja', ocr: 'blocks', rows: [['Floor area', '64 m²'], ['Rooms', '2'], ['Monthly rent', '€890'], ['Available from', '1 Dec 2026']] },
  hotel: { title: 'Your stay — Hotel Aurora', heading: 'Booking AUR-55120', ocr: 'rows', rows: [['Arrival', 'Fri 11 Dec'], ['Check-in', 'from 15:00'], ['Check-out', 'by 11:00'], ['Guests', '2 adults']] },
  conference: { title: 'DevDays 2026 — Programme', heading: 'Opening keynote', ocr: 'rows', rows: [['Speaker', 'Grace Mbeki'], ['Venue', 'Hall B, Messe Basel'], ['Starts', '09:30'], ['Language', 'English']] },
  car: { title: 'Vehicle details — AutoScout', heading: 'Škoda Octavia Combi 2019', ocr: 'rows', rows: [['Mileage', '48,200 km'], ['Fuel', 'Diesel'], ['First registration', '03/2019'], ['Price', '€14,900']] },
  plan: { title: 'My plan — Telvia', heading: 'Telvia Flex 20', ocr: 'rows', rows: [['Mobile internet', '20 GB'], ['Calls', 'Unlimited'], ['Monthly fee', '€19.90'], ['Contract ends', '14 Aug 2027']] },
  support: { title: 'Teams — Helpdeskly', heading: 'Customer support', ocr: 'blocks', rows: [['Team lead', 'Ines Duarte'], ['Members', '7'], ['Shift', '08:00–20:00'], ['Queue', 'EU']] },
  laptop: { title: 'Nimbus 14 — Tech specs', heading: 'Nimbus 14 (2026)', ocr: 'rows', rows: [['Display', '14 inch, 2880 × 1800'], ['Battery life', 'up to 17 hours'], ['Weight', '1.3 kg'], ['Storage', '1 TB SSD']] },
  cinema: { title: 'Year in review — Reelbox', heading: 'Your 2026 on Reelbox', ocr: 'rows', rows: [['Movies watched', '37'], ['Hours', '71'], ['Favourite genre', 'Thriller'], ['Reviews written', '5']] },
  shed: { title: 'Bike storage — Veloshed', heading: 'Veloshed Kalmar', ocr: 'blocks', rows: [['Bicycles', '3 stored'], ['Plan', 'Family'], ['Renewal', '1 Mar 2027'], ['Locker', 'B-14']] },
  photos: { title: 'Storage — Cloudly', heading: 'Storage used', ocr: 'rows', rows: [['Images', '2,140'], ['Videos', '86'], ['Documents', '412'], ['Free space', '38 GB']] },
  inspection: { title: 'Boiler inspection report — Gasafe', heading: 'Inspection 7720', ocr: 'rows', rows: [['Engineer', 'Colm Byrne'], ['Result', 'Passed with advice'], ['Next due', 'Nov 2027'], ['Appliance', 'Vaillant ecoTEC']] },
  appeal: { title: 'Appeal AP-2291 — Tribunal portal', heading: 'Appeal AP-2291', ocr: 'blocks', rows: [['Lodged', '2 Sep 2026'], ['Finding', 'Upheld in part'], ['Decided', '12 Nov 2026'], ['Panel', 'Three members']] },
  delivery: { title: 'Parcel JD-4410 — Parcelway', heading: 'Parcel JD-4410', ocr: 'rows', rows: [['Status', 'Delivered'], ['Delivered on', 'Tue 17 Nov, 10:42'], ['Left at', 'Front porch'], ['Service', 'Standard']] },
};

/** Question, screen, what the lead must say. */
export const PARAPHRASES: [string, keyof typeof SCREENS, RegExp][] = [
  ['How many shops does Moravia Books have?', 'bookshop', /\b23\b/],
  ['How heavy is my parcel?', 'parcel', /2\.4 kg/],
  ['Who is in charge of the data migration?', 'project', /Tamsin Okoro/],
  ['How long does the rye sourdough bake for?', 'oven', /45 min/],
  ['How big is the flat in Kalamaja?', 'flat', /64 m²/],
  ['Where is the DevDays keynote held?', 'conference', /Hall B/],
  ['How far has the Octavia been driven?', 'car', /48,200 km/],
  ['How much data does my Telvia plan include?', 'plan', /20 GB/],
  ['Who leads the customer support team?', 'support', /Ines Duarte/],
  ['How much does the Nimbus 14 weigh?', 'laptop', /1\.3 kg/],
  ['How long will the Nimbus 14 run on battery?', 'laptop', /17 hours/],
  ['How many films did I watch this year on Reelbox?', 'cinema', /Movies watched: 37/],
  ['How many bikes do I keep at Veloshed?', 'shed', /3 stored/],
  ['How many pictures do I have on Cloudly?', 'photos', /2,140/],
  ['What was the outcome of the boiler inspection?', 'inspection', /Passed with advice/],
  ['What was the verdict on my appeal?', 'appeal', /Upheld in part/],
];

/** Question, screen, a value of the screen that does not answer it. */
export const NEGATIVES: [string, keyof typeof SCREENS, RegExp][] = [
  ['How many employees does Moravia Books have?', 'bookshop', /\b23\b|1998|140,000/],
  ['How much did the parcel cost to send?', 'parcel', /2\.4 kg|40 × 30/],
  ['Who reviewed the data migration?', 'project', /Tamsin Okoro/],
  ['How long does the rye dough need to rise?', 'oven', /45 min/],
  ['How much is the deposit on the Kalamaja flat?', 'flat', /€890|64 m²/],
  ['What time is breakfast at Hotel Aurora?', 'hotel', /15:00|11:00/],
  ['How many owners has the Octavia had?', 'car', /48,200|2019/],
  ['How many minutes of calls abroad does my Telvia plan include?', 'plan', /20 GB/],
  ['Who signed for parcel JD-4410?', 'delivery', /Parcelway|Chromium|Standard|Delivered/],
  ['How many videos did I watch this year on Reelbox?', 'cinema', /\b37\b|\b71\b|\b5\b/],
  ['What was the cost of the boiler inspection?', 'inspection', /Passed|2027/],
];

