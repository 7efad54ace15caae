// The shapes the browser scripts receive, for the type check (`tsc -p tsconfig.json`,
// run by scripts/test): a solitaire's view, piles, cards, hints and events as
// cardems/kit/shapes.py declares them (web/static/solitaire.schema.json is generated
// from the same TypedDicts; tests/web/test_js_types.py holds the two together), and the
// answers of the JSON API. Global declarations: the scripts name them in JSDoc.

type Status = "playing" | "won" | "lost" | "blocked" | "stuck" | "abandoned";

/** One card of a pile; `card` is null when it lies face down. */
interface CardView {
  card: string | null;
  face_up: boolean;
  available: boolean;
  framed: boolean;
  dimmed: boolean;
  selected: boolean;
  covered?: boolean;
  id?: string;
  label?: string;
}

/** One pile: `target` is what intents name; `x`, `y` in card units (100 × 140). */
interface PileView {
  target: string;
  kind: string;
  cards: CardView[];
  x: number;
  y: number;
  fan: number;
  count?: number;
  outline?: boolean;
  accepts?: boolean;
  suit?: string;
  row?: number;
  column?: number;
  label?: string;
}

/** The board's size in card units. */
interface Board {
  width: number;
  height: number;
}

/** An intent as the browser sends it (the version is added by api.js). */
interface IntentJSON {
  type: "tap" | "double_tap" | "drag" | "undo" | "redo" | "finish" | "home";
  target?: string;
  source?: string;
}

/** Everything the player sees of a solitaire, with what the service adds. */
interface SolitaireView {
  game: string;
  code: string;
  variant: string;
  status: Status;
  score: number;
  moves: number;
  elapsed: number;
  can_undo: boolean;
  can_redo: boolean;
  can_hint: boolean;
  selected: string | null;
  message: string | null;
  piles: PileView[];
  board: Board;
  shortcuts: { [key: string]: IntentJSON | null };
  double_tap_after_move: boolean;
  can_finish?: boolean;
  sends_home?: boolean;
  id?: string;
  version?: number;
  timer_running?: boolean;
  deal_name?: string;
  par?: number | null;
  par_proven?: boolean;
}

/** A hint: the verdict, its words in the page language and, for a move, its intents. */
interface HintView {
  verdict: "move" | "back" | "lost" | "undecided" | "over";
  words: string;
  move?: string;
  from?: string;
  to?: string;
  card?: string | null;
  intents?: IntentJSON[];
}

/** Where a lost game was lost (`GET /api/games/{id}/lost-at`, kit/lost.py): the first
 * move after which no win existed (null: not found), the intent that kept a win from the
 * position before it, its notation, and the words, in the page language. */
interface LostAtView {
  move: number | null;
  alternative: IntentJSON | null;
  notation: string | null;
  said: string;
}

/** A move: its notation, where from and to, the words said, the card that leads it. */
interface MoveEvent {
  type: "move";
  move: string;
  from: string;
  to: string;
  say: string;
  card?: string | null;
  auto?: boolean;
  /** Which copy of the card, where a game deals a card twice (Spider: `7S.2`). */
  id?: string;
}

interface SelectEvent {
  type: "select";
  target: string;
}

/** A refusal, in the engine's words. */
interface ErrorEvent {
  type: "error";
  message: string;
}

/** An event without fields: a deselection, undo, redo, or how the game ended. */
interface PlainEvent {
  type: "deselect" | "undo" | "redo" | "won" | "lost" | "blocked" | "stuck" | "unwinnable";
}

/** The service's warning that the game can no longer be won (core/ending.py). */
interface WarningEvent {
  type: "unwinnable";
  message: string;
}

type SolitaireEvent = MoveEvent | SelectEvent | ErrorEvent | PlainEvent | WarningEvent;

/** What the JSON API answers (a field is there when the call gives it). */
interface ApiData {
  error?: string;
  id?: string;
  view?: SolitaireView;
  events?: SolitaireEvent[];
  /** The live region's words for what the answer did, in the page language. */
  said?: string;
  /** Why the rules refused the intent (nothing changed). */
  refused?: string;
  hint?: HintView | null;
  winnable?: boolean | null;
  /** An undecided Winnable? cut short by the player's waiting, not by its search. */
  still_searching?: boolean;
  lost_at?: LostAtView | null;
  /** The game's version the answer is about (`…/lost-at`, `…/par`). */
  version?: number;
  /** A won game's shortest win, or the best known (`…/par`); null without one. */
  par?: number | null;
  par_proven?: boolean;
  statistics?: StatBlock[];
  imported?: number;
  code?: string;
}

/** One block of the statistics (`/api/stats`), its lines by key. */
interface StatBlock {
  game: string;
  variant: string;
  values: { [key: string]: number | string | null };
}

/** A request's outcome: the HTTP status (0: no answer) and the JSON data. */
interface ApiAnswer {
  status: number;
  data: ApiData;
  /** An intent refused as made on an older version: `data.view` is the game now. */
  stale?: boolean;
}

interface Window {
  /** For tests: every request sent so far has been answered and drawn. */
  cardemsIdle: () => boolean;
  /** Older Safari's name of AudioContext. */
  webkitAudioContext?: typeof AudioContext;
}
